import { describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS } from '../../../../src/protocol/error-texts';
import { createStreamedRequests } from '../../../../src/workers/feed/streamed-requests';
import type { BeginResult } from '../../../../src/workers/feed/streamed-requests';
import { createFakeClock } from '../../support/fake-clock';
import { conversation, message, testHarnesses } from '../../support/worker-harness';

function setup() {
  const clock = createFakeClock();
  let next = 0;
  const streams = createStreamedRequests({ clock, newId: () => `target-${++next}`, timeoutText: 'timed out' });
  const begun: string[] = [];
  const begin = (targetId: string): Promise<BeginResult> => {
    begun.push(targetId);
    return Promise.resolve({ kind: 'streaming' });
  };
  return { clock, streams, begun, begin };
}

describe('streamed requests (§7)', () => {
  it('joins identical requests in flight', async () => {
    const { streams, begun, begin } = setup();
    const first = streams.request('/api/a', begin);
    const second = streams.request('/api/a', begin);
    const other = streams.request('/api/b', begin);
    expect(begun).toEqual(['target-1', 'target-2']);
    streams.fetched('target-1', 3);
    streams.done('target-1', { has_more: false });
    streams.done('target-2');
    await expect(first).resolves.toEqual({ streamed: true, count: 3, info: { has_more: false } });
    await expect(second).resolves.toEqual({ streamed: true, count: 3, info: { has_more: false } });
    await expect(other).resolves.toEqual({ streamed: true, count: 0, info: {} });
    // Once settled, the same url starts a new request.
    void streams.request('/api/a', begin).catch(() => undefined);
    expect(begun).toHaveLength(3);
  });

  it('rejects a request with no completion after 30 s', async () => {
    const { streams, clock, begin } = setup();
    const pending = streams.request('/api/slow', begin);
    const outcome = vi.fn();
    pending.then(outcome, outcome);
    clock.advance(29_999);
    await Promise.resolve();
    expect(outcome).not.toHaveBeenCalled();
    clock.advance(1);
    await expect(pending).rejects.toThrow('timed out');
    expect(streams.inFlight).toBe(0);
  });

  it('rejects with the ERROR message and resolves a plain 200 answer', async () => {
    const { streams, begin } = setup();
    const failing = streams.request('/api/x', begin);
    streams.failed('target-1', new Error('Not found.'));
    await expect(failing).rejects.toThrow('Not found.');
    const plain = streams.request('/api/y', () => Promise.resolve({ kind: 'plain', body: { messages: [] } }));
    await expect(plain).resolves.toEqual({ streamed: false, body: { messages: [] } });
  });

  it('rejects when the request itself fails', async () => {
    const { streams } = setup();
    await expect(streams.request('/api/z', () => Promise.reject(new Error(ERROR_TEXTS.offline)))).rejects.toThrow(ERROR_TEXTS.offline);
  });
});

describe('loadOlderMessages', () => {
  const harnesses = testHarnesses();

  it('streams the page before the oldest held message into Dexie and records has_more', async () => {
    const h = harnesses.create();
    await h.engine.start();
    h.socket().open();
    await h.db.conversations.put(conversation({ id: 1 }));
    await h.db.messages.bulkPut([message({ id: 'm-30', timestamp_ts: 3000 }), message({ id: 'm-20', timestamp_ts: 2000 })]);
    const loading = h.engine.loadOlderMessages(1);
    const [call] = await h.waitForCalls(1);
    expect(call?.url).toBe('http://inbox.test/api/conversations/1/messages/?limit=20&before=m-20');
    expect(call?.headers['x-stream']).toBe('1');
    const targetId = call?.headers['x-content-id'];
    call?.reply(202, { target_id: targetId });
    const older = Array.from({ length: 20 }, (_, i) => message({ id: `m-${i}`, timestamp_ts: 100 + i }));
    h.socket().receive({ action: 'fetch', col: 'messages', target_id: targetId, documents: older.slice(0, 10) });
    h.socket().receive({ action: 'fetch', col: 'messages', target_id: targetId, documents: older.slice(10) });
    h.socket().receive({ action: 'DONE', target_id: targetId, document: { has_more: false } });
    await loading;
    expect(await h.db.messages.count()).toBe(22);
    expect(await h.db.meta.get('history:1')).toEqual({ key: 'history:1', has_more: false });
  });

  it('guesses has_more from a full page when the DONE does not say', async () => {
    const h = harnesses.create();
    await h.engine.start();
    h.socket().open();
    await h.db.conversations.put(conversation({ id: 1 }));
    const loading = h.engine.loadOlderMessages(1);
    const [call] = await h.waitForCalls(1);
    const targetId = call?.headers['x-content-id'];
    call?.reply(202, { target_id: targetId });
    const page = Array.from({ length: 20 }, (_, i) => message({ id: `m-${i}`, timestamp_ts: 100 + i }));
    h.socket().receive({ action: 'fetch', col: 'messages', target_id: targetId, documents: page });
    h.socket().receive({ action: 'DONE', target_id: targetId });
    await loading;
    expect(await h.db.meta.get('history:1')).toEqual({ key: 'history:1', has_more: true });
  });

  it('writes a plain 200 answer itself', async () => {
    const h = harnesses.create();
    await h.engine.start();
    await h.db.conversations.put(conversation({ id: 4 }));
    const loading = h.engine.loadOlderMessages(4);
    const [call] = await h.waitForCalls(1);
    expect(call?.url).toBe('http://inbox.test/api/conversations/4/messages/?limit=20');
    call?.reply(200, { messages: [message({ id: 'm-1', conversation_id: 4 })], has_more: false });
    await loading;
    expect(await h.db.messages.get('m-1')).toBeDefined();
    expect(await h.db.meta.get('history:4')).toEqual({ key: 'history:4', has_more: false });
  });

  it('rejects with the server error sent over the socket', async () => {
    const h = harnesses.create();
    await h.engine.start();
    h.socket().open();
    await h.db.conversations.put(conversation({ id: 1 }));
    const loading = h.engine.loadOlderMessages(1);
    const [call] = await h.waitForCalls(1);
    const targetId = call?.headers['x-content-id'];
    call?.reply(202, { target_id: targetId });
    h.socket().receive({ action: 'ERROR', target_id: targetId, document: { error: 'Not found.', status: 404 } });
    await expect(loading).rejects.toThrow('Not found.');
  });
});
