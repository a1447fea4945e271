import type { FastifyInstance } from 'fastify';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { CONTROL_CHARACTERS_ERROR, controlCharacterPath, jsonMayHoldControlCharacters } from '../../protocol/api/text-fields';
import { fieldError, HttpError } from './http-error';

/**
 * JSON bodies, where an empty body counts as no body (clients often send the content type on a
 * bodiless POST) and anything unparsable answers 400 with one plain sentence. A control
 * character in any string of the body answers 400 naming the field (see text-fields): the
 * guard for every route, whatever its schema says.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      done(new HttpError(400, { error: API_ERRORS.invalidJson }), undefined);
      return;
    }
    const field = jsonMayHoldControlCharacters(text) ? controlCharacterPath(value) : null;
    if (field === null) done(null, value);
    else done(fieldError(field, CONTROL_CHARACTERS_ERROR), undefined);
  });
}
