import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import { isEncodingError } from '../db/encoding-error';
import { drainBody, tooLarge } from './drain-body';
import { HttpError } from './http-error';

/** Fastify's own client errors, in the words of §8; other 4xx keep a generic text. */
const FRAMEWORK_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: API_ERRORS.unsupportedContentType,
  FST_ERR_CTP_EMPTY_JSON_BODY: API_ERRORS.invalidJson,
};

/**
 * A body past its limit (FST_ERR_CTP_BODY_TOO_LARGE) is read away up to this much more before the
 * 413, so that a client still sending it gets the answer rather than a reset it cannot tell from
 * a network failure; a larger one is answered at once, its connection closed under it.
 */
const OVERSIZED_DRAIN_BYTES = 16 * 1024 * 1024;

/** Every failure becomes `{error}` or `{errors}`: never a stack trace, never a 500 for bad input. */
export function handleError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply): void | Promise<FastifyReply> {
  if (error instanceof HttpError) {
    void reply.code(error.statusCode).send(error.body);
    return;
  }
  // A character the database cannot store that no schema caught: still the client's input.
  if (isEncodingError(error)) {
    request.log.warn({ err: error }, 'Input the database cannot store');
    void reply.code(400).send({ error: API_ERRORS.unstorableText });
    return;
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return bodyTooLarge(request, reply);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const text = FRAMEWORK_ERRORS[error.code] ?? (error instanceof SyntaxError ? API_ERRORS.invalidJson : ERROR_TEXTS.generic);
    void reply.code(status).send({ error: text });
    return;
  }
  request.log.error({ err: error }, 'Request failed');
  void reply.code(500).send({ error: ERROR_TEXTS.unexpected });
}

async function bodyTooLarge(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared <= OVERSIZED_DRAIN_BYTES) await drainBody(request.raw, OVERSIZED_DRAIN_BYTES);
  return tooLarge(reply, API_ERRORS.bodyTooLarge);
}
