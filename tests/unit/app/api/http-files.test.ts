import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../../src/app/api/http-client';
import { RequestFailure } from '../../../../src/app/api/request-failure';

function setup(reply: () => Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const onUnauthorized = vi.fn();
  const client = createHttpClient({
    fetch: (url, init) => {
      calls.push({ url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url, init: init ?? {} });
      return reply();
    },
    sessionId: 'session-1',
    slug: 'acme',
    getToken: () => 'tok-acme',
    onUnauthorized,
  });
  return { client, calls, onUnauthorized };
}

describe('http client files', () => {
  it('uploads a file as the raw body with its own type and the token in the header', async () => {
    const { client, calls } = setup(() => Promise.resolve(Response.json({ id: 3 }, { status: 201 })));
    const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    expect(await client.upload('attachments/?name=a.pdf', file)).toEqual({ id: 3 });
    expect(calls[0]?.url).toBe('/api/attachments/?name=a.pdf');
    expect(calls[0]?.init.body).toBe(file);
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer tok-acme', 'content-type': 'application/pdf' });
  });

  it('downloads a file with the token in the header, never in the URL', async () => {
    const { client, calls } = setup(() => Promise.resolve(new Response('order 42', { headers: { 'content-type': 'text/plain' } })));
    const blob = await client.getBlob('attachments/7');
    expect(await blob.text()).toBe('order 42');
    expect(calls[0]?.url).toBe('/api/attachments/7');
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer tok-acme' });
  });

  it('a refused download fails like any request, and a 401 ends the session', async () => {
    const { client, onUnauthorized } = setup(() => Promise.resolve(Response.json({ error: 'Not signed in.' }, { status: 401 })));
    await expect(client.getBlob('attachments/7')).rejects.toBeInstanceOf(RequestFailure);
    expect(onUnauthorized).toHaveBeenCalledWith('acme');
  });
});
