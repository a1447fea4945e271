import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mutationBatchBody, MUTATION_BATCH_PATH, type MutationBatchAnswer } from '../../protocol/api/mutation-batch';
import { SESSION_HEADER } from '../../protocol/api/routes';
import { MUTATION_HEADER } from '../../protocol/realtime';
import type { AppContext } from '../app-context';
import { requireSession } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';

/** The caller's headers each item is sent with: its session, its client session, its browser. */
const FORWARDED = ['authorization', SESSION_HEADER, 'user-agent', 'origin'] as const;

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined) headers[name] = text;
  }
  return headers;
}

function parsedBody(payload: string, contentType: string | undefined): unknown {
  if (payload === '') return null;
  if (!contentType?.includes('json')) return payload;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

/**
 * POST /api/mutations/batch (protocol/api/mutation-batch.ts): the items run one after another,
 * each through its own route in this server (Fastify's inject), with the caller's headers and its
 * own mutation id. So every item is checked, scoped to the caller's organization, stored and
 * replayed exactly as if it had come alone: a batch grants nothing a single call does not. The
 * batch itself needs a session (401 without one) and a valid body (400); each item's failure is
 * its own answer, never the batch's.
 */
export function registerMutationBatchRoute(app: FastifyInstance, ctx: AppContext): void {
  app.post(`/${MUTATION_BATCH_PATH}`, { preHandler: requireSession(ctx) }, async (request): Promise<MutationBatchAnswer> => {
    const { mutations } = parseInput(mutationBatchBody, request.body);
    const headers = forwardedHeaders(request);
    const results: MutationBatchAnswer['results'] = [];
    for (const item of mutations) {
      const itemHeaders: Record<string, string> = { ...headers, [MUTATION_HEADER]: item.mutation_id };
      if (item.body !== undefined) itemHeaders['content-type'] = 'application/json';
      const response = await app.inject({
        method: item.method,
        url: `/api/${item.path}`,
        headers: itemHeaders,
        remoteAddress: request.ip,
        ...(item.body === undefined ? {} : { payload: JSON.stringify(item.body) }),
      });
      const contentType = response.headers['content-type'];
      results.push({ status: response.statusCode, body: parsedBody(response.body, typeof contentType === 'string' ? contentType : undefined) });
    }
    return { results };
  });
}
