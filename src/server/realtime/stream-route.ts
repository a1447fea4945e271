import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { NOT_VIEWING } from '../../protocol/presence';
import type { ViewState } from '../../protocol/presence';
import { authFailureReason, CLOSE_CODES, paintedFrame, PING, PONG, STREAM_PATH, streamQuery, viewingFrame, writtenFrame } from '../../protocol/realtime';
import type { AppContext } from '../app-context';
import { notFound } from '../http/http-error';
import { createAckCounter, type AckCounter } from './ack-counter';
import { createPaintAcks, type PaintAcks } from './paint-acks';
import { catchUp } from './stream-catch-up';
import type { StreamClient } from './stream-hub';
import { sendFrame } from './stream-socket';

const DAY_MS = 24 * 3600_000;

function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * A client frame: PING, JSON `viewing` (§4 viewer presence), `PAINTED` (a bootstrap's first
 * screen written) or `WRITTEN` (how much of the bootstrap is written). Anything else, or a frame that does not match its schema, is ignored; nothing
 * unchecked is used.
 */
type FrameHandlers = { view: (view: ViewState) => void; painted: () => void; written: (documents: number) => void };

function onFrame(socket: WebSocket, data: RawData, isBinary: boolean, on: FrameHandlers): void {
  if (isBinary) return;
  const text = frameText(data);
  if (text === PING) {
    sendFrame(socket, PONG);
    return;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return;
  }
  const viewing = viewingFrame.safeParse(json);
  if (viewing.success) on.view({ conversation_id: viewing.data.conversation_id, typing: viewing.data.typing });
  else if (paintedFrame.safeParse(json).success) on.painted();
  else {
    const written = writtenFrame.safeParse(json);
    if (written.success) on.written(written.data.documents);
  }
}

/**
 * `GET /stream` (docs/architecture.md "Realtime protocol", §4, §7). Frames sent on a new socket, in order:
 * VERSION; then either the feed rows after the client's cursor (`{action, col, document,
 * cursor}`) or RESET and `fetch` batches of every document; then READY with the cursor the
 * client now holds (its `document`: the agent's replication window and the reply hold); then
 * the presence of the other agents (presence-hub.ts); then every later change once, in feed
 * order, and presence changes as they happen. A plain GET is a 404.
 */
export function registerStreamRoute(app: FastifyInstance, ctx: AppContext): void {
  const opening = new Set<Promise<void>>();
  const { presence } = ctx;

  const open = async (
    socket: WebSocket,
    request: FastifyRequest,
    isClosed: () => boolean,
    onClient: (client: StreamClient) => void,
    currentView: () => ViewState,
    paints: PaintAcks,
    written: AckCounter,
  ) => {
    const parsed = streamQuery.safeParse(request.query ?? {});
    const query = parsed.success ? parsed.data : {};
    const token = query.token;
    const signedIn = token ? await ctx.findSession(token) : undefined;
    if (isClosed()) return;
    if (!signedIn) {
      socket.close(CLOSE_CODES.unauthorized, authFailureReason('401', API_ERRORS.notSignedIn));
      return;
    }
    const client: StreamClient = {
      socket,
      orgId: signedIn.organization.id,
      agentId: signedIn.agent.id,
      tokenId: signedIn.sessionId,
      session: query.session ?? null,
      lastSent: 0,
    };
    onClient(client);
    ctx.stream.register(client);
    sendFrame(socket, JSON.stringify({ action: 'VERSION', version: ctx.config.buildId }));
    // The agent's replication window: the bootstrap leaves older closed conversations out, and
    // READY tells the device, which evicts what has left it (src/workers/feed/replication-window.ts).
    const windowDays = ctx.replicationDays(signedIn.agent);
    const closedSince = windowDays > 0 ? ctx.clock() - windowDays * DAY_MS : null;
    const ready = await catchUp(ctx, client, query.cursor, { agent: signedIn.agent, open: query.open ?? null, closedSince, paints, written: query.pace === '1' ? written : null, deflatedBatches: query.batches === 'deflate' });
    if (ready === null || isClosed()) return;
    // READY also tells the device the reply hold (REPLY_HOLD_S): it stores it and holds its
    // optimistic replies as long, offline too (src/client-db/reply-hold.ts).
    sendFrame(socket, JSON.stringify({ action: 'READY', cursor: ready, document: { window_days: windowDays, reply_hold_s: ctx.config.replyHoldS } }));
    presence.join(client, currentView());
    await ctx.stream.goLive(client, ready);
  };

  app.route({
    method: 'GET',
    url: STREAM_PATH,
    handler: () => {
      throw notFound();
    },
    wsHandler: (socket, request) => {
      let closed = false;
      let client: StreamClient | undefined;
      // The last view reported, kept from before the join (the browser reports it on open).
      let view: ViewState = NOT_VIEWING;
      const paints = createPaintAcks();
      const written = createAckCounter();
      // Listeners first: frames that arrive while the session is looked up must not be lost.
      const handlers: FrameHandlers = {
        view(next) {
          view = next;
          if (client) presence.view(client, next);
        },
        painted: () => paints.received(),
        written: (documents) => written.raise(documents),
      };
      socket.on('message', (data, isBinary) => onFrame(socket, data, isBinary, handlers));
      socket.on('close', () => {
        closed = true;
        paints.closed();
        written.closed();
        if (!client) return;
        ctx.stream.unregister(client);
        presence.leave(client);
      });
      const opened = open(
        socket,
        request,
        () => closed,
        (found) => (client = found),
        () => view,
        paints,
        written,
      ).catch((error: unknown) => {
        request.log.error({ err: error }, 'Stream failed');
        if (!closed) socket.close(1011, 'Server error');
      });
      opening.add(opened);
      void opened.finally(() => opening.delete(opened));
    },
  });

  app.addHook('onClose', async () => {
    await Promise.all([...opening]);
    await ctx.stream.drain();
  });
}
