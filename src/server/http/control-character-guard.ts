import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARACTERS_ERROR, controlCharacterPath } from '../../protocol/api/text-fields';
import { fieldError } from './http-error';

/**
 * The last guard for text (see protocol/api/text-fields): before any handler runs, a control
 * character that not even multi-line text allows, in a path parameter or the query, answers
 * 400 naming the field (JSON bodies get the same check in the JSON body parser). The schemas
 * give the same answer by their own rules; this is what holds for a route whose schema forgot.
 */
export function registerControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = controlCharacterPath(request.params) ?? controlCharacterPath(request.query);
    done(field === null ? undefined : fieldError(field, CONTROL_CHARACTERS_ERROR));
  });
}
