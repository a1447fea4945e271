import { z } from 'zod';
import { isCanonicalId, parseCanonicalId } from '../canonical-id';
import { parseMessageWireId } from '../documents';

/** Id schemas of every request (see canonical-id.ts): anything else is a 400 naming the field. */
export const INVALID_ID = 'is not a valid id';

/** An id in a path or a query: canonical decimal text, read as a number. */
export const idParam = z.string({ error: INVALID_ID }).transform((text, ctx) => {
  const id = parseCanonicalId(text);
  if (id !== null) return id;
  ctx.addIssue({ code: 'custom', message: INVALID_ID });
  return z.NEVER;
});

/** An id in a JSON body: a JSON integer, positive and safe (never a string, never 6.5). */
export const idNumber = (error: string = INVALID_ID) =>
  z.number({ error }).refine(isCanonicalId, { error });

/** Canonical ids separated by commas (`ids=1,2,3`), without repeats. */
export const idListParam = (error: string) =>
  z.string({ error: 'is required' }).transform((text, ctx) => {
    const ids = text.split(',').map(parseCanonicalId);
    if (ids.every((id) => id !== null)) return [...new Set(ids)];
    ctx.addIssue({ code: 'custom', message: error });
    return z.NEVER;
  });

/**
 * A message or note id in its wire form, `m-<id>` or `n-<id>`, the id canonical. Which of the
 * two a route needs is its own rule (a message id on a note's route is not found, not malformed).
 */
export const messageIdParam = (error: string) => z.string({ error }).refine((text) => parseMessageWireId(text) !== null, { error });

/** A draft's id, chosen by the client (see drafts.ts). */
export const draftIdField = z
  .string({ error: 'is required' })
  .regex(/^d-[A-Za-z0-9_-]{1,100}$/, { error: 'must be d- followed by letters, digits, - or _' });
