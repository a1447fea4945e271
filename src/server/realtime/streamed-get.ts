import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HEADER } from '../../protocol/api/routes';
import type { CollectionName, Collections } from '../../protocol/documents';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import { CONTENT_ID_HEADER, STREAM_HEADER, STREAM_HEADER_VALUE, type StreamedError, type StreamedPageInfo } from '../../protocol/realtime';
import type { AppContext } from '../app-context';
import { signedIn } from '../http/auth-hook';
import { HttpError } from '../http/http-error';
import type { StreamClient } from './stream-hub';
import { sendFrame } from './stream-socket';

/** What a listing GET produces: its documents, the page info a DONE carries, and the plain JSON answer. */
export type ListingResult<C extends CollectionName> = { documents: Collections[C][]; info: StreamedPageInfo; body: unknown };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

function streamedError(error: unknown): StreamedError {
  if (error instanceof HttpError) {
    const { body } = error;
    if ('error' in body && typeof body.error === 'string') return { error: body.error, status: error.statusCode };
    const errors = 'errors' in body ? (body.errors as Record<string, string>) : {};
    const [field, message] = Object.entries(errors)[0] ?? ['body', ERROR_TEXTS.generic];
    return { error: `${field}: ${message}`, status: error.statusCode, errors };
  }
  return { error: ERROR_TEXTS.unexpected, status: 500 };
}

function broadcast(targets: StreamClient[], message: object): void {
  const text = JSON.stringify(message);
  for (const target of targets) sendFrame(target.socket, text);
}

/**
 * A listing GET that may be streamed (§7). With STREAM_HEADER from a client session that has
 * an open /stream socket, it answers 202 `{target_id}` at once and sends the result over that
 * session's sockets: `fetch` with the documents, then `DONE` (carrying the page info) or
 * `ERROR` `{error, status}`. Otherwise it answers 200 with the plain result.
 */
export async function answerListing<C extends CollectionName>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  col: C,
  load: () => Promise<ListingResult<C>>,
): Promise<unknown> {
  const caller = signedIn(request);
  const session = header(request, SESSION_HEADER);
  const targets =
    header(request, STREAM_HEADER) === STREAM_HEADER_VALUE && session
      ? ctx.stream.sessionClients(caller.organization.id, caller.agent.id, session)
      : [];
  if (targets.length === 0) return (await load()).body;

  const targetId = header(request, CONTENT_ID_HEADER)?.slice(0, 200) ?? randomUUID();
  const answered = new Promise<void>((resolve) => {
    if (reply.raw.writableFinished) resolve();
    reply.raw.once('finish', resolve);
    reply.raw.once('close', resolve);
  });
  void answered
    .then(load)
    .then(
      ({ documents, info }) => {
        broadcast(targets, { action: 'fetch', col, target_id: targetId, documents });
        broadcast(targets, { action: 'DONE', target_id: targetId, document: info });
      },
      (error: unknown) => {
        if (!(error instanceof HttpError)) request.log.error({ err: error }, 'Streamed request failed');
        broadcast(targets, { action: 'ERROR', target_id: targetId, document: streamedError(error) });
      },
    )
    .catch((error: unknown) => request.log.error({ err: error }, 'Streamed answer could not be sent'));
  return reply.code(202).send({ target_id: targetId });
}
