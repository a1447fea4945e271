import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../../src/app/api/http-client';
import type { HttpClientOptions } from '../../../../src/app/api/http-client';
import { RequestFailure, toFailure } from '../../../../src/app/api/request-failure';

type Call = { url: string; init: RequestInit };

function setup(reply: () => Promise<Response>, overrides: Partial<HttpClientOptions> = {}) {
  const calls: Call[] = [];
  const onUnauthorized = vi.fn();
  const client = createHttpClient({
    fetch: (url, init) => {
      calls.push({ url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url, init: init ?? {} });
      return reply();
    },
    sessionId: 'session-1',
    slug: 'acme',
    getToken: (slug) => (slug === 'acme' ? 'tok-acme' : null),
    onUnauthorized,
    ...overrides,
  });
  return { client, calls, onUnauthorized };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestFailure);
    return toFailure(error);
  }
  throw new Error('expected the request to fail');
}

describe('http client', () => {
  it('sends the organization token, the client session id and JSON under /api/', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }));
    expect(await client.post('auth/clear', { token: 't' })).toEqual({ ok: true });
    const [call] = calls;
    expect(call?.url).toBe('/api/auth/clear');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"token":"t"}');
    expect(call?.init.headers).toMatchObject({
      authorization: 'Bearer tok-acme',
      'x-client-session': 'session-1',
      'content-type': 'application/json',
    });
  });

  it('sends and keeps same-origin cookies, so a sign-in carries the device cookie', async () => {
    const { client, calls } = setup(() => json(200, {}), { slug: null });
    await client.post('auth/login', { email: 'ana@example.com', password: 'secret' });
    expect(calls[0]?.init.credentials).toBe('same-origin');
  });

  it('sends no token from the public client', async () => {
    const { client, calls } = setup(() => json(200, {}), { slug: null });
    await client.get('auth/token/abc');
    expect(calls[0]?.init.headers).not.toHaveProperty('authorization');
  });

  it('ends the session on a 401 to a request that carried a token', async () => {
    const { client, onUnauthorized } = setup(() => json(401, { error: 'Not signed in.' }));
    const failure = await failureOf(client.get('account/'));
    expect(failure).toEqual({ kind: 'http', status: 401, body: { error: 'Not signed in.' } });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('acme');
  });

  it('does not end a session that did not send a token', async () => {
    const { client, onUnauthorized } = setup(() => json(401, {}), { getToken: () => null });
    await failureOf(client.get('account/'));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a fetch that never reached the server as a network failure', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(client.get('agents/'))).toEqual({ kind: 'network' });
  });

  it('keeps a non-JSON error body as text', async () => {
    const { client } = setup(() => Promise.resolve(new Response('Bad gateway', { status: 502 })));
    expect(await failureOf(client.get('agents/'))).toEqual({ kind: 'http', status: 502, body: 'Bad gateway' });
  });

  it('answers undefined for a 204', async () => {
    const { client } = setup(() => Promise.resolve(new Response(null, { status: 204 })));
    expect(await client.del('agents/ann%40acme.test')).toBeUndefined();
  });
});
