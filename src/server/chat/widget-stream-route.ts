import type { FastifyInstance } from 'fastify';
import { WIDGET_CLOSE_CODES, WIDGET_ERRORS, WIDGET_STREAM_PATH } from '../../protocol/widget';
import type { AppContext } from '../app-context';
import { notFound } from '../http/http-error';
import { createVisitorSession } from './visitor-session';
import type { WidgetLimits } from './widget-limits';

/**
 * `GET /widget/stream?org=&visitor=`: the WebSocket of one chat visitor (protocol/widget.ts),
 * open to any origin: the widget runs on customers' websites and carries no cookie or session,
 * only the visitor's own token. An address over its socket limits is closed with 4029 at once
 * (open sockets of this instance) or once counted (new sockets per minute, all instances).
 * A plain GET is a 404.
 */
export function registerWidgetStreamRoute(app: FastifyInstance, ctx: AppContext, limits: WidgetLimits): void {
  const opening = new Set<Promise<void>>();

  app.route({
    method: 'GET',
    url: WIDGET_STREAM_PATH,
    handler: () => {
      throw notFound();
    },
    wsHandler: (socket, request) => {
      const ip = request.ip;
      if (!limits.hold(ip)) {
        socket.close(WIDGET_CLOSE_CODES.tooManyConnections, WIDGET_ERRORS.tooManyConnections);
        return;
      }
      const session = createVisitorSession({ ctx, socket, ip, limits, log: request.log });
      // Listeners first: frames that arrive while the visitor is looked up must not be lost.
      socket.on('message', (data, isBinary) => session.frame(data, isBinary));
      socket.on('close', () => {
        limits.release(ip);
        session.closed();
      });
      const opened = session.open(request.query).catch((error: unknown) => {
        request.log.error({ err: error }, 'Widget stream failed');
        socket.close(1011, 'Server error');
      });
      opening.add(opened);
      void opened.finally(() => opening.delete(opened));
    },
  });

  app.addHook('onClose', async () => {
    await Promise.all([...opening]);
    await ctx.widgets.drain();
  });
}
