import type { FastifyInstance } from 'fastify';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { HttpError } from './http-error';

/**
 * JSON bodies, where an empty body counts as no body (clients often send the content type on a
 * bodiless POST) and anything unparsable answers 400 with one plain sentence.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, { error: API_ERRORS.invalidJson }), undefined);
    }
  });
}
