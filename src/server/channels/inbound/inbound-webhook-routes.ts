import { REST_ROUTES } from '../../../protocol/api/rest-routes';
import { registerRoute } from '../../http/protocol-route';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CHANNEL_ERRORS, INBOUND_SECRET_HEADER, inboundQuery, type InboundResponse } from '../../../protocol/api/channels';
import type { AppContext } from '../../app-context';
import { drainBody, tooLarge } from '../../http/drain-body';
import { HttpError, notFound } from '../../http/http-error';
import { parseInput } from '../../http/parse-input';
import { InboundRejection, type RejectionKind } from './inbound-limits';

const RAW_TYPES = ['message/rfc822', 'text/plain', 'application/octet-stream'];

/** HTTP status of each rejection: 413 for size, 503 to try again later, 422 for a message we will never take. */
const STATUS: Record<RejectionKind, number> = {
  TOO_LARGE: 413,
  HEADER_TOO_LARGE: 413,
  TOO_MANY_PARTS: 422,
  TOO_DEEP: 422,
  MALFORMED: 422,
  NO_SENDER: 422,
  NO_RECIPIENT: 422,
  TIMEOUT: 503,
  BUSY: 503,
};

/**
 * `POST channels/inbound`: mail forwarded by a provider's webhook as a raw RFC 822 body. It is
 * the server operator's door (INBOUND_WEBHOOK_SECRET in the X-Inbound-Secret header; unset, the
 * route answers 404), checked before a byte of the body is read. The body streams into the
 * same parser as SMTP, with the same limits; a body over INBOUND_MAX_BYTES answers 413 once it has
 * been read (up to a bound), so the sender sees the answer rather than a reset.
 */
export function registerInboundWebhookRoute(app: FastifyInstance, ctx: AppContext): void {
  void app.register((scope, _options, done) => {
    // Only here: the raw body reaches the handler as the request stream itself.
    for (const type of RAW_TYPES) scope.addContentTypeParser(type, (_request, payload, next) => next(null, payload));

    registerRoute(scope, REST_ROUTES.inboundEmail, {}, async (request, reply): Promise<InboundResponse | FastifyReply> => {
      const { inboundWebhookSecret, inboundMaxBytes } = ctx.channels.config;
      if (inboundWebhookSecret === null) throw notFound();
      if (!secretMatches(request.headers[INBOUND_SECRET_HEADER], inboundWebhookSecret)) {
        throw new HttpError(401, { error: CHANNEL_ERRORS.invalidInboundSecret });
      }
      const { to } = parseInput(inboundQuery, request.query);
      if (!(request.body instanceof Readable)) throw new HttpError(415, { error: CHANNEL_ERRORS.notAStream });
      const body = request.body;
      const drainBytes = Math.max(inboundMaxBytes, DRAIN_MIN_BYTES);
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > inboundMaxBytes) {
        // Not a byte is parsed, but the body is read away first (when it is not absurdly large),
        // or a client still writing it hits a reset and never sees this answer.
        if (declared <= drainBytes) await drainBody(body, drainBytes);
        return tooLarge(reply, `The message is larger than ${inboundMaxBytes} bytes.`);
      }
      try {
        const deliveries = await ctx.channels.inbound.receive(body, { from: null, to: to === undefined ? [] : [to].flat(), via: 'webhook' });
        return { deliveries };
      } catch (error) {
        if (!(error instanceof InboundRejection)) throw error;
        if (STATUS[error.kind] === 413) {
          // Mid-body: read the rest away first, or the client may hit a reset while still
          // writing and never see this answer.
          await drainBody(body, drainBytes);
          return tooLarge(reply, error.message);
        }
        throw new HttpError(STATUS[error.kind], { error: error.message });
      }
    });
    done();
  });
}

/** An oversized body is read away up to this many more bytes (or INBOUND_MAX_BYTES if larger) before the 413. */
const DRAIN_MIN_BYTES = 64 * 1024 * 1024;

function secretMatches(header: string | string[] | undefined, secret: string): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}
