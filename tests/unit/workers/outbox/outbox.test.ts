import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../../../src/protocol/error-texts';
import { MUTATION_TIMEOUT_MS } from '../../../../src/workers/socket/api-http';
import { conversation, message, testHarnesses } from '../../support/worker-harness';
import type { Harness } from '../../support/worker-harness';

const harnesses = testHarnesses();
const started = harnesses.start;

describe('outbox ordering', () => {
  it('sends the rows of one conversation in order, one at a time', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1 }));
    await h.engine.mutate({ kind: 'status', conversation_id: 1, status: 'WAITING' });
    await h.engine.mutate({ kind: 'tag', conversation_id: 1, name: 'Billing' });
    const [first] = await h.waitForCalls(1);
    await h.settle();
    expect(h.http.calls).toHaveLength(1);
    expect(first?.url).toBe('http://inbox.test/api/conversations/1/status');
    first?.reply(200, conversation({ id: 1, status: 'WAITING', version: 2 }));
    const calls = await h.waitForCalls(2);
    expect(calls[1]?.url).toBe('http://inbox.test/api/conversations/1/tags');
    expect(calls[1]?.body).toEqual({ name: 'Billing' });
  });

  it('a row in backoff does not hold up the rows of another conversation', async () => {
    const h = await started();
    await h.db.conversations.bulkPut([conversation({ id: 1 }), conversation({ id: 2 })]);
    await h.engine.mutate({ kind: 'status', conversation_id: 1, status: 'CLOSED' });
    await h.engine.mutate({ kind: 'tag', conversation_id: 1, name: 'later' });
    const [first] = await h.waitForCalls(1);
    first?.reply(503, { error: 'busy' });
    await h.settle();
    await h.engine.mutate({ kind: 'status', conversation_id: 2, status: 'WAITING' });
    const calls = await h.waitForCalls(2);
    expect(calls[1]?.url).toBe('http://inbox.test/api/conversations/2/status');
    calls[1]?.reply(200, conversation({ id: 2, status: 'WAITING', version: 2 }));
    await h.settle();
    // Conversation 1's tag waits behind its status row; nothing of conversation 1 went meanwhile.
    expect(h.http.calls).toHaveLength(2);
    h.clock.advance(500);
    const retried = await h.waitForCalls(3);
    expect(retried[2]?.url).toBe('http://inbox.test/api/conversations/1/status');
    expect(retried[2]?.headers['x-mutation-id']).toBe(first?.headers['x-mutation-id']);
  });
});

describe('retry classification', () => {
  it('retries network errors, 5xx, timeouts and 429 with 500 ms × attempts, same mutation id', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1 }));
    await h.engine.mutate({ kind: 'read', conversation_id: 1 });
    const failures: ((call: NonNullable<Harness['http']['calls'][number]>) => void)[] = [
      (call) => call.failNetwork(),
      (call) => call.reply(500, { error: 'boom' }),
      () => h.clock.advance(MUTATION_TIMEOUT_MS),
      (call) => call.reply(429, { error: 'slow down' }),
    ];
    let expectedCalls = 1;
    for (const [index, fail] of failures.entries()) {
      const calls = await h.waitForCalls(expectedCalls);
      const call = calls[expectedCalls - 1];
      if (!call) throw new Error('no call');
      fail(call);
      await h.settle();
      const row = (await h.db.outbox.toArray())[0];
      expect(row?.state).toBe('queued');
      expect(row?.attempts).toBe(index + 1);
      h.clock.advance(500 * (index + 1) - 1);
      await h.settle();
      expect(h.http.calls).toHaveLength(expectedCalls);
      h.clock.advance(1);
      expectedCalls += 1;
    }
    const calls = await h.waitForCalls(5);
    expect(new Set(calls.map((call) => call.headers['x-mutation-id'])).size).toBe(1);
    calls[4]?.reply(200, conversation({ id: 1, is_unread: false, version: 2 }));
    await h.settle();
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a retry sends the byte-identical request, so the server binds it to the same mutation', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1 }));
    await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'Same bytes, please' });
    const first = await h.waitForCalls(1);
    first[0]?.failNetwork();
    await h.settle();
    h.clock.advance(500);
    const calls = await h.waitForCalls(2);
    const [sent, retried] = calls;
    expect(retried?.headers['x-mutation-id']).toBe(sent?.headers['x-mutation-id']);
    expect([retried?.method, retried?.url, retried?.rawBody]).toEqual([sent?.method, sent?.url, sent?.rawBody]);
  });

  it('caps the backoff at 10 s', async () => {
    const h = await started();
    await h.engine.mutate({ kind: 'read', conversation_id: 1 });
    for (let attempt = 1; attempt <= 22; attempt++) {
      const calls = await h.waitForCalls(attempt);
      calls[attempt - 1]?.reply(502);
      await h.settle();
      const row = (await h.db.outbox.toArray())[0];
      expect((row?.send_at ?? 0) - h.clock.now()).toBe(Math.min(500 * attempt, 10_000));
      h.clock.advance(10_000);
    }
  });

  it('a 4xx is permanent: the row fails, its patch is dropped and the §8 text is sent', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1, tags: [] }));
    await h.engine.mutate({ kind: 'tag', conversation_id: 1, name: 'vip' });
    expect((await h.db.conversations.get(1))?.tags).toEqual(['vip']);
    const [call] = await h.waitForCalls(1);
    call?.reply(400, { errors: { name: 'is too long' } });
    await h.settle();
    expect((await h.db.conversations.get(1))?.tags).toEqual([]);
    expect((await h.db.outbox.toArray())[0]).toMatchObject({ state: 'failed', error: 'name: is too long' });
    expect(h.events).toContainEqual({ type: 'mutation-failed', slug: h.slug, text: 'name: is too long' });
    expect(await h.db.bases.count()).toBe(0);
  });

  it('a 401 stops sending and reports the ended session', async () => {
    const h = await started();
    await h.engine.mutate({ kind: 'read', conversation_id: 1 });
    await h.engine.mutate({ kind: 'read', conversation_id: 2 });
    const calls = await h.waitForCalls(2);
    calls[0]?.reply(401, { error: 'Not signed in.' });
    await h.settle();
    expect(h.events).toContainEqual({ type: 'unauthorized', slug: h.slug });
    calls[1]?.reply(500);
    await h.settle();
    h.clock.advance(60_000);
    await h.settle();
    expect(h.http.calls).toHaveLength(2);
    expect((await h.db.outbox.toArray()).map((row) => row.state)).toEqual(['queued', 'queued']);
  });

  it('waits while offline and sends when the browser is online again', async () => {
    const h = await started({ online: false });
    await h.engine.mutate({ kind: 'read', conversation_id: 1 });
    await h.settle();
    expect(h.http.calls).toHaveLength(0);
    h.network.set(true);
    await h.waitForCalls(1);
  });
});

describe('rollback', () => {
  it('a failed tag leaves the status the server changed meanwhile', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1, status: 'OPENED', tags: [], version: 5 }));
    await h.engine.mutate({ kind: 'tag', conversation_id: 1, name: 'vip' });
    const [call] = await h.waitForCalls(1);
    h.socket().open();
    h.socket().receive({ action: 'update', col: 'conversations', document: conversation({ id: 1, status: 'CLOSED', version: 6 }), cursor: 6 });
    await h.settle();
    expect(await h.db.conversations.get(1)).toMatchObject({ status: 'CLOSED', tags: ['vip'] });
    call?.reply(403, { error: 'You do not have permission to do this.' });
    await h.settle();
    expect(await h.db.conversations.get(1)).toMatchObject({ status: 'CLOSED', tags: [], version: 6 });
    expect(h.events).toContainEqual({ type: 'mutation-failed', slug: h.slug, text: 'You do not have permission to do this.' });
  });

  it('a success makes the answer the new base and drops the patch', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1, version: 5 }));
    await h.engine.mutate({ kind: 'assign', conversation_id: 1, agent_id: 7 });
    expect((await h.db.conversations.get(1))?.agent_id).toBe(7);
    const [call] = await h.waitForCalls(1);
    call?.reply(200, conversation({ id: 1, agent_id: 7, version: 9 }));
    await h.settle();
    expect(await h.db.conversations.get(1)).toMatchObject({ agent_id: 7, version: 9 });
    expect(await h.db.bases.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('replies', () => {
  it('shows a temporary PENDING message held 10 s, replaced by the server copy with its target_id', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1 }));
    await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'Thanks!' });
    const [temp] = await h.db.messages.toArray();
    expect(temp).toMatchObject({ status: 'PENDING', message: 'Thanks!', delay: 10, deliver_at: h.clock.now() + 10_000 });
    expect(temp?.id.startsWith('t-')).toBe(true);
    expect(temp?.target_id).toBe(temp?.id);
    const [call] = await h.waitForCalls(1);
    expect(call?.body).toEqual({ message: 'Thanks!', target_id: temp?.id, sent_at: h.clock.now(), awaits_release: true });
    h.socket().open();
    h.socket().receive({ action: 'insert', col: 'messages', document: message({ id: 'm-9', status: 'PENDING', target_id: temp?.id ?? null, version: 3 }), cursor: 3 });
    await h.settle();
    expect((await h.db.messages.toArray()).map((m) => m.id)).toEqual(['m-9']);
    call?.reply(201, { message: message({ id: 'm-9', status: 'PENDING', target_id: temp?.id ?? null, version: 3 }), generated_id: 'm-9' });
    await h.settle();
    expect((await h.db.messages.toArray()).map((m) => m.id)).toEqual(['m-9']);
    // Its release waits for the end of the delay, then confirms the reply.
    expect((await h.db.outbox.toArray()).map((row) => [row.kind, row.args])).toEqual([
      ['release', { kind: 'release', conversation_id: 1, message_id: 'm-9', release_at: (temp?.deliver_at ?? 0) }],
    ]);
    expect(h.http.calls).toHaveLength(1);
    h.clock.advance(10_000);
    const [, release] = await h.waitForCalls(2);
    expect(release).toMatchObject({ method: 'POST', url: 'http://inbox.test/api/conversations/1/messages/m-9/release' });
    release?.reply(200, message({ id: 'm-9', status: 'PENDING', target_id: temp?.id ?? null, version: 4 }));
    await h.settle();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.bases.count()).toBe(0);
  });

  it("a release waits for its reply in the conversation's held lane, without holding up the conversation's other actions", async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1 }));
    await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'First' });
    const [reply] = await h.waitForCalls(1);
    const tempId = (reply?.body as { target_id: string }).target_id;
    reply?.reply(201, { message: message({ id: 'm-9', status: 'PENDING', target_id: tempId, version: 3 }), generated_id: 'm-9' });
    await h.settle();
    await h.engine.mutate({ kind: 'status', conversation_id: 1, status: 'CLOSED' });
    const [, status] = await h.waitForCalls(2);
    expect(status?.url).toBe('http://inbox.test/api/conversations/1/status');
  });

  it('a chat reply is not held', async () => {
    const h = await started({ online: false });
    await h.db.conversations.put(conversation({ id: 1, channel: 'CHAT' }));
    await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'hi' });
    const [temp] = await h.db.messages.toArray();
    expect(temp).toMatchObject({ source: 'CHAT', delay: 0, deliver_at: h.clock.now() });
  });

  it('survives a reload and is sent again with the same mutation id, once', async () => {
    const first = await started();
    await first.db.conversations.put(conversation({ id: 1 }));
    await first.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'Still there?' });
    const [lost] = await first.waitForCalls(1);
    // The worker dies while the request is out: the row stays 'sending'.
    await harnesses.close(first);

    const second = harnesses.create({ reuse: first });
    expect((await second.db.outbox.toArray()).map((row) => [row.kind, row.state])).toEqual([
      ['reply', 'sending'],
      ['release', 'queued'],
    ]);
    await second.engine.start();
    const [again] = await second.waitForCalls(1);
    expect(again?.headers['x-mutation-id']).toBe(lost?.headers['x-mutation-id']);
    expect([again?.url, again?.rawBody]).toEqual([lost?.url, lost?.rawBody]);
    const tempId = (lost?.body as { target_id: string }).target_id;
    again?.reply(201, { message: message({ id: 'm-5', status: 'PENDING', target_id: tempId, version: 4 }), generated_id: 'm-5' });
    await second.settle();
    second.clock.advance(60_000);
    const [, release] = await second.waitForCalls(2);
    expect(release?.url).toBe('http://inbox.test/api/conversations/1/messages/m-5/release');
    release?.reply(200, message({ id: 'm-5', status: 'SENT', target_id: tempId, version: 5 }));
    await second.settle();
    expect(second.http.calls).toHaveLength(2);
    expect(await second.db.outbox.count()).toBe(0);
    expect((await second.db.messages.toArray()).map((m) => m.id)).toEqual(['m-5']);
  });

  it('a reply written offline is sent after a reload, once', async () => {
    const first = await started({ online: false });
    await first.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'offline' });
    await first.settle();
    expect(first.http.calls).toHaveLength(0);
    await harnesses.close(first);
    const second = await started({ reuse: first });
    const [call] = await second.waitForCalls(1);
    call?.reply(201, { message: message({ id: 'm-6', version: 2 }), generated_id: 'm-6' });
    second.clock.advance(10_000);
    const [, release] = await second.waitForCalls(2);
    release?.reply(200, message({ id: 'm-6', version: 3 }));
    await second.settle();
    expect(second.http.calls.map((c) => c.url.split('/api/')[1])).toEqual(['conversations/1/reply', 'conversations/1/messages/m-6/release']);
    expect(await second.db.outbox.count()).toBe(0);
  });
});

describe('undo (§4)', () => {
  it('undo of a queued send deletes it locally and never calls fetch', async () => {
    const h = await started({ online: false });
    await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'oops' });
    const [temp] = await h.db.messages.toArray();
    await h.engine.undoSend(temp?.id ?? '');
    expect(await h.db.messages.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.bases.count()).toBe(0);
    h.network.set(true);
    await h.settle();
    h.clock.advance(60_000);
    await h.settle();
    expect(h.http.calls).toHaveLength(0);
    expect(h.events).toContainEqual({ type: 'send-settled', slug: h.slug, message_id: temp?.id, status: 'CANCELLED' });
  });

  it('undo of a saved message posts the undo call; the reply is shown cancelled only once the server confirms it', async () => {
    const h = await started();
    await h.db.messages.put(message({ id: 'm-3', status: 'PENDING', deliver_at: h.clock.now() + 8_000, version: 2 }));
    await h.engine.undoSend('m-3');
    expect(await h.db.messages.get('m-3')).toMatchObject({ status: 'PENDING', undo_requested_at: h.clock.now() });
    const [call] = await h.waitForCalls(1);
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('http://inbox.test/api/conversations/1/messages/m-3/undo');
    call?.reply(200, message({ id: 'm-3', status: 'CANCELLED', version: 3 }));
    await h.settle();
    expect(await h.db.messages.get('m-3')).toMatchObject({ status: 'CANCELLED', version: 3 });
    expect(h.events).toContainEqual({ type: 'send-settled', slug: h.slug, message_id: 'm-3', status: 'CANCELLED' });
  });

  it('a refused undo (409) drops the patch: the message stays SENT', async () => {
    const h = await started();
    await h.db.messages.put(message({ id: 'm-3', status: 'PENDING', version: 2 }));
    await h.engine.undoSend('m-3');
    const [call] = await h.waitForCalls(1);
    h.socket().open();
    h.socket().receive({ action: 'update', col: 'messages', document: message({ id: 'm-3', status: 'SENT', version: 4 }), cursor: 4 });
    await h.settle();
    call?.reply(409, { error: 'This message has already been sent.' });
    await h.settle();
    expect(await h.db.messages.get('m-3')).toMatchObject({ status: 'SENT', version: 4 });
    expect(h.events).toContainEqual({ type: 'mutation-failed', slug: h.slug, text: 'This message has already been sent.' });
  });

  it('undo of a reply being sent waits for the send, then undoes it on the server', async () => {
    const h = await started();
    await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'wait' });
    const [send] = await h.waitForCalls(1);
    const tempId = (send?.body as { target_id: string }).target_id;
    await h.engine.undoSend(tempId);
    await h.settle();
    expect(h.http.calls).toHaveLength(1);
    expect(await h.db.messages.get(tempId)).toMatchObject({ status: 'PENDING', undo_requested_at: h.clock.now() });
    // The release is gone with the undo: the device never confirms a reply the agent took back.
    expect((await h.db.outbox.toArray()).map((row) => row.kind)).toEqual(['reply', 'undo']);
    send?.reply(201, { message: message({ id: 'm-8', status: 'PENDING', target_id: tempId, version: 5 }), generated_id: 'm-8' });
    const calls = await h.waitForCalls(2);
    expect(calls[1]?.url).toBe('http://inbox.test/api/conversations/1/messages/m-8/undo');
    expect(await h.db.messages.get('m-8')).toMatchObject({ status: 'PENDING', undo_requested_at: expect.any(Number) as unknown });
    calls[1]?.reply(200, message({ id: 'm-8', status: 'CANCELLED', target_id: tempId, version: 6 }));
    await h.settle();
    expect(await h.db.messages.get('m-8')).toMatchObject({ status: 'CANCELLED' });
    expect(await h.db.messages.get(tempId)).toBeUndefined();
    h.clock.advance(60_000);
    await h.settle();
    expect(h.http.calls).toHaveLength(2);
  });

  it('undo of a saved reply while offline drops its release; the undo goes when the network is back', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1 }));
    await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'Reached the server' });
    const [send] = await h.waitForCalls(1);
    const tempId = (send?.body as { target_id: string }).target_id;
    send?.reply(201, { message: message({ id: 'm-7', status: 'PENDING', target_id: tempId, version: 5 }), generated_id: 'm-7' });
    await h.settle();
    h.network.set(false);
    h.clock.advance(3_000);
    await h.engine.undoSend('m-7');
    expect((await h.db.outbox.toArray()).map((row) => row.kind)).toEqual(['undo']);
    h.clock.advance(12_000);
    await h.settle();
    expect(h.http.calls).toHaveLength(1);
    h.network.set(true);
    const [, undo] = await h.waitForCalls(2);
    expect(undo?.url).toBe('http://inbox.test/api/conversations/1/messages/m-7/undo');
  });

  it('only messages can be undone', async () => {
    const h = await started();
    await h.db.messages.put(message({ id: 'n-1', type: 'NOTE' }));
    await expect(h.engine.undoSend('n-1')).rejects.toThrow(ERROR_TEXTS.undoNotMessage);
    await h.engine.mutate({ kind: 'note', conversation_id: 1, message: 'internal' });
    const temp = (await h.db.messages.toArray()).find((m) => m.id.startsWith('t-'));
    await expect(h.engine.undoSend(temp?.id ?? '')).rejects.toThrow(ERROR_TEXTS.undoNotMessage);
  });
});

describe('note deletion (§4)', () => {
  it('flags the note removed, drops it after 1 s, and restores it when the delete fails', async () => {
    const h = await started();
    await h.db.messages.put(message({ id: 'n-4', type: 'NOTE', message: 'secret', version: 3 }));
    await h.engine.mutate({ kind: 'delete-note', conversation_id: 1, note_id: 'n-4' });
    expect(await h.db.messages.get('n-4')).toMatchObject({ is_removed: true });
    const [call] = await h.waitForCalls(1);
    expect(call).toMatchObject({ method: 'DELETE', url: 'http://inbox.test/api/conversations/1/notes/n-4' });
    h.clock.advance(1_000);
    await h.settle();
    expect(await h.db.messages.get('n-4')).toBeUndefined();
    call?.reply(403, { error: 'You do not have permission to do this.' });
    await h.settle();
    const restored = await h.db.messages.get('n-4');
    expect(restored).toMatchObject({ id: 'n-4', message: 'secret', version: 3 });
    expect(restored?.is_removed).toBeUndefined();
  });

  it('a successful delete drops the note for good', async () => {
    const h = await started();
    await h.db.messages.put(message({ id: 'n-4', type: 'NOTE', version: 3 }));
    await h.engine.mutate({ kind: 'delete-note', conversation_id: 1, note_id: 'n-4' });
    const [call] = await h.waitForCalls(1);
    call?.reply(204);
    await h.settle();
    expect(await h.db.messages.get('n-4')).toBeUndefined();
    expect(await h.db.bases.count()).toBe(0);
  });

  it('an edit of a note still being created goes out with the server id', async () => {
    const h = await started();
    await h.engine.mutate({ kind: 'note', conversation_id: 1, message: 'draft' });
    const [create] = await h.waitForCalls(1);
    const tempId = (create?.body as { target_id: string }).target_id;
    await h.engine.mutate({ kind: 'edit-note', conversation_id: 1, note_id: tempId, message: 'final' });
    expect((await h.db.messages.get(tempId))?.message).toBe('final');
    create?.reply(201, message({ id: 'n-2', type: 'NOTE', message: 'draft', target_id: tempId, version: 2 }));
    const calls = await h.waitForCalls(2);
    expect(calls[1]).toMatchObject({ method: 'PATCH', url: 'http://inbox.test/api/conversations/1/notes/n-2', body: { message: 'final' } });
    expect((await h.db.messages.get('n-2'))?.message).toBe('final');
  });
});

describe('a mutation made again under its mutation id', () => {
  it('finds its row instead of adding a second one, and its optimistic message is shown once', async () => {
    const h = await started({ online: false });
    await h.db.conversations.put(conversation({ id: 1 }));
    const input = { kind: 'reply', conversation_id: 1, message: 'Once only' } as const;
    const first = await h.engine.mutate(input, 'tab-chosen-id');
    // The reply and, for a held reply, its release (docs/decisions.md, the held-send model).
    const rows = await h.db.outbox.count();
    const again = await h.engine.mutate(input, 'tab-chosen-id');
    expect(again).toBe(first);
    expect(await h.db.outbox.count()).toBe(rows);
    expect(await h.db.outbox.filter((row) => row.kind === 'reply').count()).toBe(1);
    expect((await h.db.outbox.get(first))?.client_id).toBe('tab-chosen-id');
    expect((await h.db.messages.where('conversation_id').equals(1).toArray()).map((m) => m.message)).toEqual(['Once only']);
  });
});
