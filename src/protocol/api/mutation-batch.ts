import { z } from 'zod';
import { singleLineText } from './text-fields';

/**
 * One request carrying several outbox rows (POST /api/mutations/batch): the worker drains a
 * queue of independent conversations without paying a round trip, and one of the browser's six
 * connections, per row. Each item is a mutation's own REST call, under its own mutation id; the
 * server runs them one after another through their routes, as if each had come alone (the same
 * session, permission checks, validation and once-only answer), and answers each with its status
 * and body.
 */
export const MUTATION_BATCH_PATH = 'mutations/batch';
/** Items a batch holds at most. */
export const MAX_MUTATION_BATCH = 50;

/**
 * A path under the API base, as a mutation's definition builds it: segments of URL-safe or
 * percent-encoded characters, an optional query, never `..` nor the batch route itself.
 */
const itemPath = singleLineText()
  .max(2000)
  .regex(/^[A-Za-z0-9_~%.-]+(\/[A-Za-z0-9_~%.-]*)*(\?[A-Za-z0-9_~%.=&+-]*)?$/, { error: 'is not an API path' })
  .refine((path) => !path.split(/[/?]/).includes('..'), { error: 'is not an API path' })
  // An encoded dot or slash could spell `..` once a URL parser decodes it.
  .refine((path) => !/%2[ef]/i.test(path), { error: 'is not an API path' })
  .refine((path) => !path.startsWith(MUTATION_BATCH_PATH), { error: 'is not an API path' });

export const mutationBatchItem = z.object({
  mutation_id: singleLineText().trim().min(1).max(200),
  method: z.enum(['POST', 'PATCH', 'DELETE']),
  path: itemPath,
  body: z.unknown().optional(),
});

export const mutationBatchBody = z.object({
  mutations: z.array(mutationBatchItem).min(1).max(MAX_MUTATION_BATCH),
});
export type MutationBatchBody = z.infer<typeof mutationBatchBody>;

/** Each item's answer, in the order of the request. */
export type MutationBatchAnswer = { results: { status: number; body: unknown }[] };
