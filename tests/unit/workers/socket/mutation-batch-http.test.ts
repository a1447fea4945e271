import { describe, expect, it } from 'vitest';
import { createApiHttp } from '../../../../src/workers/socket/api-http';
import type { MutationRequest } from '../../../../src/workers/mutations/mutation-definition';
import { createFakeClock } from '../../support/fake-clock';
import { createFakeFetch } from '../../support/worker-harness';

const items: { request: MutationRequest; mutationId: string }[] = [
  { request: { method: 'POST', path: 'conversations/1/status', body: { status: 'CLOSED' } }, mutationId: 'm-1' },
  { request: { method: 'DELETE', path: 'conversations/2/tags?name=vip' }, mutationId: 'm-2' },
];

function api() {
  const http = createFakeFetch();
  const client = createApiHttp({ fetch: http.fetch, clock: createFakeClock(), origin: 'https://inbox.test', sessionId: 'session-1', getToken: () => Promise.resolve('token') });
  return { http, client };
}

/** The worker's side of POST /api/mutations/batch: what it sends, and each row's outcome of the answer. */
describe('a batch of outbox rows', () => {
  it('goes as one request naming each row by its mutation id, and each row gets its own answer', async () => {
    const { http, client } = api();
    http.autoReply((call) => call.reply(200, { results: [{ status: 200, body: { id: 1 } }, { status: 404, body: { error: 'Not found.' } }] }));
    const outcomes = await client.sendMutations(items, new AbortController().signal);
    expect(http.calls).toHaveLength(1);
    expect(http.calls[0]?.url).toBe('https://inbox.test/api/mutations/batch');
    expect(http.calls[0]?.headers['authorization']).toBe('Bearer token');
    expect(http.calls[0]?.body).toEqual({
      mutations: [
        { mutation_id: 'm-1', method: 'POST', path: 'conversations/1/status', body: { status: 'CLOSED' } },
        { mutation_id: 'm-2', method: 'DELETE', path: 'conversations/2/tags?name=vip' },
      ],
    });
    expect(outcomes).toEqual([
      { kind: 'response', status: 200, body: { id: 1 } },
      { kind: 'response', status: 404, body: { error: 'Not found.' } },
    ]);
  });

  it('that fails whole gives every row the same outcome', async () => {
    for (const status of [503, 429, 401]) {
      const { http, client } = api();
      http.autoReply((call) => call.reply(status, { error: 'No.' }));
      expect(await client.sendMutations(items, new AbortController().signal)).toEqual(items.map(() => ({ kind: 'response', status, body: { error: 'No.' } })));
    }
    const { http, client } = api();
    http.autoReply((call) => call.failNetwork());
    const outcomes = await client.sendMutations(items, new AbortController().signal);
    expect(outcomes?.map((outcome) => outcome.kind)).toEqual(['network', 'network']);
  });

  it('that the server does not take (no such route, too large, an answer of another shape) is sent row by row instead', async () => {
    for (const [status, body] of [[404, { error: 'Not found.' }], [413, null], [200, { results: [] }]] as const) {
      const { http, client } = api();
      http.autoReply((call) => call.reply(status, body));
      expect(await client.sendMutations(items, new AbortController().signal)).toBeNull();
    }
  });
});
