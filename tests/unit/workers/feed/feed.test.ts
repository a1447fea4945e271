import { describe, expect, it, vi } from 'vitest';
import type { DBCore } from 'dexie';
import type { ConnectionMeta } from '../../../../src/client-db/inbox-database';
import { conversation, message, testHarnesses } from '../../support/worker-harness';
import type { Harness } from '../../support/worker-harness';
// After the harness, which installs fake-indexeddb before Dexie first looks for IndexedDB.
import { Dexie } from 'dexie';

const make = testHarnesses().create;

async function connected(h: Harness) {
  await h.engine.start();
  h.socket().open();
  return h.socket();
}

/** Makes every write to `table` fail while `failing.on` is set (before the database opens). */
function failWritesTo(h: Harness, table: string) {
  const failing = { on: false };
  h.db.use({
    stack: 'dbcore',
    name: 'fail-writes',
    create: (down: DBCore): DBCore => ({
      ...down,
      table(name) {
        const inner = down.table(name);
        return {
          ...inner,
          mutate: (request) => (failing.on && name === table ? Promise.reject(new Error('QuotaExceededError')) : inner.mutate(request)),
        };
      },
    }),
  });
  return failing;
}

/** Counts read-write transactions that include `table` (before the database opens). */
function countWriteTransactions(h: Harness, table: string) {
  const counter = { count: 0 };
  h.db.use({
    stack: 'dbcore',
    name: 'count-transactions',
    create: (down: DBCore): DBCore => ({
      ...down,
      transaction(stores, mode, options) {
        if (mode === 'readwrite' && stores.includes(table)) counter.count += 1;
        return down.transaction(stores, mode, options);
      },
    }),
  });
  return counter;
}

const cursorOf = async (h: Harness) => {
  const row = await h.db.meta.get('cursor');
  return row?.key === 'cursor' ? row.value : null;
};

describe('cursor atomicity', () => {
  it('a batch whose write fails mid-way moves neither documents nor cursor, then replays from the old cursor', async () => {
    const h = make();
    const failing = failWritesTo(h, 'contacts');
    await h.db.meta.put({ key: 'cursor', value: 10 });
    const socket = await connected(h);
    expect(socket.params.get('cursor')).toBe('10');
    failing.on = true;
    socket.receive({ action: 'insert', col: 'conversations', document: conversation({ id: 3, version: 11 }), cursor: 11 });
    socket.receive({ action: 'insert', col: 'contacts', document: { id: 4, name: 'Ann', version: 12 }, cursor: 12 });
    await h.settle();
    expect(await h.db.conversations.get(3)).toBeUndefined();
    expect(await cursorOf(h)).toBe(10);
    expect(socket.closedWith).toBe(3000);
    failing.on = false;
    h.clock.advance(500);
    expect(h.sockets).toHaveLength(2);
    expect(h.socket().params.get('cursor')).toBe('10');
  });

  it('moves the cursor with the documents it covers', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'insert', col: 'conversations', document: conversation({ id: 3, version: 11 }), cursor: 11 });
    socket.receive({ action: 'delete', col: 'conversations', document: { id: 3 }, cursor: 12 });
    socket.receive({ action: 'insert', col: 'tags', document: { slug: 'vip', name: 'VIP', is_system: false, version: 13 }, cursor: 13 });
    await h.settle();
    expect(await h.db.conversations.get(3)).toBeUndefined();
    expect(await h.db.tags.get('vip')).toMatchObject({ name: 'VIP' });
    expect(await cursorOf(h)).toBe(13);
  });

  it('documents answering a streamed GET never move the cursor', async () => {
    const h = make();
    await h.db.meta.put({ key: 'cursor', value: 20 });
    const socket = await connected(h);
    socket.receive({ action: 'fetch', col: 'messages', target_id: 'x', documents: [message({ id: 'm-1', version: 90 })], cursor: 90 });
    await h.settle();
    expect(await h.db.messages.get('m-1')).toBeDefined();
    expect(await cursorOf(h)).toBe(20);
  });
});

describe('version rule', () => {
  it('an older copy never replaces a newer one; an equal or newer one does', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'insert', col: 'conversations', document: conversation({ id: 1, subject: 'v5', version: 5 }), cursor: 5 });
    socket.receive({ action: 'update', col: 'conversations', document: conversation({ id: 1, subject: 'v4', version: 4 }), cursor: 6 });
    await h.settle();
    expect((await h.db.conversations.get(1))?.subject).toBe('v5');
    socket.receive({ action: 'update', col: 'conversations', document: conversation({ id: 1, subject: 'v7', version: 7 }), cursor: 7 });
    await h.settle();
    expect((await h.db.conversations.get(1))?.subject).toBe('v7');
  });

  it('holds during a bootstrap too: a newer copy a streamed GET brought is not replaced by the bootstrap\'s older one', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'RESET' });
    socket.receive({ action: 'PAINT' });
    await h.settle();
    socket.receive({ action: 'fetch', col: 'conversations', target_id: 'x', documents: [conversation({ id: 1, subject: 'v9', version: 9 })] });
    await h.settle();
    socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 1, subject: 'v4', version: 4 }), conversation({ id: 2, version: 4 })] });
    socket.receive({ action: 'READY', cursor: 9 });
    await h.settle();
    expect((await h.db.conversations.get(1))?.subject).toBe('v9');
    expect(await h.db.conversations.get(2)).toBeDefined();
  });

  it('applies to the base of a document with pending patches', async () => {
    const h = make({ online: false });
    await h.db.conversations.put(conversation({ id: 1, subject: 'v5', version: 5 }));
    await h.engine.start();
    await h.engine.mutate({ kind: 'status', conversation_id: 1, status: 'CLOSED' });
    h.network.set(true);
    h.clock.advance(10_000);
    const socket = h.socket();
    socket.open();
    socket.receive({ action: 'update', col: 'conversations', document: conversation({ id: 1, subject: 'v3', version: 3 }), cursor: 8 });
    await h.settle();
    expect(await h.db.conversations.get(1)).toMatchObject({ subject: 'v5', status: 'CLOSED' });
    expect((await h.db.bases.get('conversations:1'))?.doc).toMatchObject({ subject: 'v5' });
    socket.receive({ action: 'update', col: 'conversations', document: conversation({ id: 1, subject: 'v9', version: 9 }), cursor: 9 });
    await h.settle();
    expect(await h.db.conversations.get(1)).toMatchObject({ subject: 'v9', status: 'CLOSED', version: 9 });
  });
});

describe('RESET and bootstrap', () => {
  it('RESET empties the documents but keeps the outbox, and patches are re-applied on arrival', async () => {
    const h = make();
    await h.db.conversations.bulkPut([conversation({ id: 1, version: 5 }), conversation({ id: 2, version: 1 })]);
    await h.db.meta.put({ key: 'cursor', value: 5 });
    const socket = await connected(h);
    await h.engine.mutate({ kind: 'status', conversation_id: 1, status: 'WAITING' });
    await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'held' });
    await h.settle();
    socket.receive({ action: 'RESET' });
    await h.settle();
    expect(await h.db.conversations.count()).toBe(0);
    expect((await h.db.messages.toArray()).map((m) => m.message)).toEqual(['held']);
    expect((await h.db.outbox.orderBy('seq').toArray()).map((row) => row.kind)).toEqual(['status', 'reply', 'release']);
    expect(await cursorOf(h)).toBeNull();

    socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 1, subject: 'fresh', version: 12 })] });
    socket.receive({ action: 'READY', cursor: 12 });
    await h.settle();
    expect(await h.db.conversations.get(1)).toMatchObject({ subject: 'fresh', status: 'WAITING', version: 12 });
    expect(await h.db.conversations.get(2)).toBeUndefined();
    expect(await cursorOf(h)).toBe(12);
  });

  it('writes the bootstrap cursor only at READY, so an interrupted bootstrap starts over', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'RESET' });
    socket.receive({ action: 'fetch', col: 'contacts', documents: [{ id: 1, name: 'A', version: 3 }], cursor: 40 });
    await h.settle();
    expect(await cursorOf(h)).toBeNull();
    socket.serverClose(1006);
    h.clock.advance(500);
    expect(h.socket().params.get('init')).toBe('true');
    expect(h.socket().params.has('cursor')).toBe(false);
    h.socket().open();
    h.socket().receive({ action: 'RESET' });
    h.socket().receive({ action: 'fetch', col: 'contacts', documents: [{ id: 1, name: 'A', version: 3 }], cursor: 40 });
    h.socket().receive({ action: 'READY', cursor: 40 });
    await h.settle();
    expect(await cursorOf(h)).toBe(40);
  });

  it('writes a large bootstrap in a few transactions, not one per message', async () => {
    const h = make();
    const counter = countWriteTransactions(h, 'messages');
    const socket = await connected(h);
    await h.settle();
    counter.count = 0;
    socket.receive({ action: 'RESET' });
    for (let batch = 0; batch < 20; batch++) {
      const documents = Array.from({ length: 500 }, (_, i) => message({ id: `m-${batch * 500 + i}`, version: 1 }));
      socket.receive({ action: 'fetch', col: 'messages', documents });
    }
    socket.receive({ action: 'READY', cursor: 99 });
    await h.settle();
    expect(await h.db.messages.count()).toBe(10_000);
    expect(counter.count).toBeGreaterThan(0);
    expect(counter.count).toBeLessThanOrEqual(6);
    expect(await cursorOf(h)).toBe(99);
  });

  it('records the last bootstrap: when it arrived, when READY committed, what it wrote and in how many transactions', async () => {
    const h = make();
    const socket = await connected(h);
    await h.settle();
    const arrivedAt = h.clock.now();
    socket.receive({ action: 'RESET' });
    socket.receive({ action: 'fetch', col: 'contacts', documents: [{ id: 1, name: 'A', version: 3 }] });
    socket.receive({ action: 'fetch', col: 'messages', documents: [message({ id: 'm-1', version: 1 }), message({ id: 'm-2', version: 1 })] });
    socket.receive({ action: 'READY', cursor: 7 });
    await h.settle();
    const row = await h.db.meta.get('bootstrap');
    expect(row).toMatchObject({ key: 'bootstrap', received_at: arrivedAt, documents: 3 });
    if (row?.key !== 'bootstrap') throw new Error('no bootstrap row');
    expect(row.ready_at).toBeGreaterThanOrEqual(row.received_at);
    expect(row.transactions).toBeGreaterThanOrEqual(1);
    // A live change afterwards is not part of it.
    socket.receive({ action: 'update', col: 'contacts', document: { id: 1, name: 'B', version: 4 }, cursor: 8 });
    await h.settle();
    expect(await h.db.meta.get('bootstrap')).toEqual(row);
  });
});

describe('the first screen of a bootstrap', () => {
  it('commits what comes before PAINT in a transaction of its own, without waiting for what follows', async () => {
    const h = make();
    const counter = countWriteTransactions(h, 'conversations');
    const socket = await connected(h);
    await h.settle();
    counter.count = 0;
    socket.receive({ action: 'RESET' });
    socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 1, version: 1 })] });
    socket.receive({ action: 'PAINT' });
    socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 2, version: 1 })] });
    socket.receive({ action: 'READY', cursor: 5 });
    await h.settle();
    expect(await h.db.conversations.count()).toBe(2);
    // Both arrived before the writer ran: without PAINT they would share one transaction.
    expect(counter.count).toBe(2);
  });

  it('lets a tab read the first screen before the bootstrap\'s next write takes the tables', async () => {
    const h = make();
    const socket = await connected(h);
    await h.settle();
    // A tab hears of a commit a moment later (a broadcast between contexts) and reads then.
    const seen: Promise<number>[] = [];
    const hear = (parts: Record<string, unknown>) => {
      if (seen.length > 0 || !Object.keys(parts).some((part) => part.endsWith('/conversations/'))) return;
      seen.push(new Promise((resolve) => setTimeout(() => resolve(h.db.conversations.count()), 10)));
    };
    Dexie.on('storagemutated', hear);
    try {
      socket.receive({ action: 'RESET' });
      socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 1, version: 1 })] });
      socket.receive({ action: 'PAINT' });
      socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 2, version: 1 }), conversation({ id: 3, version: 1 })] });
      socket.receive({ action: 'READY', cursor: 5 });
      await h.settle();
      // The tab's read after the first screen's commit saw it alone, not the batch behind it.
      expect(await seen[0]).toBe(1);
      expect(await h.db.conversations.count()).toBe(3);
    } finally {
      Dexie.on('storagemutated').unsubscribe(hear);
    }
  });

  it('keeps the server\'s unread counts from COUNTS until READY, then leaves counting to the local copy', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'RESET' });
    socket.receive({ action: 'PAINT' });
    await h.settle();
    // Until COUNTS: no counts, rather than counts of a partial copy.
    expect(await h.db.meta.get('unread-counts')).toEqual({ key: 'unread-counts', counts: {} });
    socket.receive({ action: 'COUNTS', document: { default: 12, mine: 3, bad: 'x' } });
    socket.receive({ action: 'PAINT' });
    await h.settle();
    expect(await h.db.meta.get('unread-counts')).toEqual({ key: 'unread-counts', counts: { default: 12, mine: 3 } });
    socket.receive({ action: 'READY', cursor: 5 });
    await h.settle();
    expect(await h.db.meta.get('unread-counts')).toBeUndefined();
  });

  it('answers each PAINT with PAINTED once its screen is committed, and never a screen it could not write', async () => {
    const h = make();
    const failing = failWritesTo(h, 'conversations');
    const socket = await connected(h);
    await h.settle();
    const painted = () => socket.sent.filter((frame) => frame === JSON.stringify({ action: 'PAINTED' })).length;
    socket.receive({ action: 'RESET' });
    socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 1, version: 1 })] });
    socket.receive({ action: 'PAINT' });
    await vi.waitFor(() => expect(painted()).toBe(1));
    expect(await h.db.conversations.count()).toBe(1);
    socket.receive({ action: 'COUNTS', document: { default: 1 } });
    socket.receive({ action: 'PAINT' });
    await vi.waitFor(() => expect(painted()).toBe(2));

    // A screen that could not be written is not answered: the socket starts over instead.
    failing.on = true;
    socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 2, version: 1 })] });
    socket.receive({ action: 'PAINT' });
    await h.settle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(painted()).toBe(2);
  });

  it('answers a PAINT only on the socket it came on, not on the one opened after that socket closed', async () => {
    const h = make();
    const first = await connected(h);
    await h.settle();
    first.receive({ action: 'RESET' });
    first.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 1, version: 1 })] });
    first.receive({ action: 'PAINT' });
    // The socket drops and a new one opens while the screen is committed and the pause runs.
    first.serverClose(1006);
    h.clock.advance(500);
    expect(h.sockets).toHaveLength(2);
    const second = h.socket();
    second.open();
    await h.settle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const painted = JSON.stringify({ action: 'PAINTED' });
    expect(second.sent).not.toContain(painted);
    expect(first.sent).not.toContain(painted);
    // The new socket's own first screen is answered.
    second.receive({ action: 'RESET' });
    second.receive({ action: 'PAINT' });
    await vi.waitFor(() => expect(second.sent).toContain(painted));
  });

  it('answers the bootstrap\'s documents with WRITTEN, the running count of those committed, on the socket that sent them', async () => {
    const h = make();
    const failing = failWritesTo(h, 'conversations');
    const socket = await connected(h);
    await h.settle();
    const written = (frames: string[]) => frames.map((frame) => JSON.parse(frame) as { action: string; documents?: number }).filter((frame) => frame.action === 'WRITTEN').map((frame) => frame.documents);
    socket.receive({ action: 'RESET' });
    socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 1, version: 1 }), conversation({ id: 2, version: 1 })] });
    await h.settle();
    socket.receive({ action: 'fetch', col: 'messages', documents: [message({ id: 'm1', conversation_id: 1 })] });
    socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 3, version: 1 })] });
    await h.settle();
    expect(written(socket.sent)).toEqual([2, 4]);
    expect(await h.db.conversations.count()).toBe(3);

    // What could not be written is not answered: the socket starts over instead.
    failing.on = true;
    socket.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 4, version: 1 })] });
    await h.settle();
    expect(written(socket.sent)).toEqual([2, 4]);
    expect(h.sockets).toHaveLength(1);
    h.clock.advance(5_000);
    failing.on = false;
    const second = h.socket();
    expect(second).not.toBe(socket);
    second.open();
    await h.settle();
    // The new socket's bootstrap counts from its own RESET; a live message after READY is not counted.
    second.receive({ action: 'RESET' });
    second.receive({ action: 'fetch', col: 'conversations', documents: [conversation({ id: 5, version: 1 })] });
    second.receive({ action: 'READY', cursor: 9 });
    await h.settle();
    second.receive({ action: 'update', col: 'conversations', document: conversation({ id: 5, version: 2 }), cursor: 10 });
    await h.settle();
    expect(written(second.sent)).toEqual([1]);
    expect(written(socket.sent)).toEqual([2, 4]);
  });

  it('names the conversation a tab views in the stream address, for the bootstrap to send it early', async () => {
    const h = make();
    h.engine.setViewing('tab-1', { conversation_id: 42, typing: false });
    const socket = await connected(h);
    expect(socket.params.get('open')).toBe('42');
  });
});

describe('connection state and control messages', () => {
  it('keeps meta "connection" honest: connecting, open, ready, offline', async () => {
    const h = make();
    const connection = async () => (await h.db.meta.get('connection')) as ConnectionMeta | undefined;
    await h.engine.start();
    await h.settle();
    expect(await connection()).toMatchObject({ state: 'connecting', ready: false, online: true });
    h.socket().open();
    await h.settle();
    expect(await connection()).toMatchObject({ state: 'open', ready: false });
    h.socket().receive({ action: 'READY', cursor: 1 });
    await h.settle();
    await vi.waitFor(async () => expect(await connection()).toMatchObject({ state: 'open', ready: true }));
    h.network.set(false);
    h.socket().serverClose(1006);
    await vi.waitFor(async () => expect(await connection()).toMatchObject({ state: 'closed', ready: false, online: false }));
  });

  it('announces a server version different from the client build, once', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'VERSION', version: 'build-1' });
    socket.receive({ action: 'VERSION', version: 'build-2' });
    socket.receive({ action: 'VERSION', version: 'build-2' });
    expect(h.events.filter((event) => event.type === 'version')).toEqual([{ type: 'version', version: 'build-2' }]);
  });

  it('a 40xx close ends the session', async () => {
    const h = make();
    const socket = await connected(h);
    socket.serverClose(4001, JSON.stringify({ code: '401', error: 'Not signed in.' }));
    expect(h.events).toContainEqual({ type: 'unauthorized', slug: h.slug });
    h.clock.advance(60_000);
    expect(h.sockets).toHaveLength(1);
  });

  it('connects with the token, the session, init=true on the first connect, and asks for a paced bootstrap', async () => {
    const h = make();
    const socket = await connected(h);
    expect(socket.url.startsWith('ws://inbox.test/stream?')).toBe(true);
    expect(Object.fromEntries(socket.params)).toEqual({ token: 'tok', session: 'session-1', init: 'true', pace: '1', batches: 'deflate' });
  });
});

describe('RESET and documents the server no longer has', () => {
  it('a patched document missing from the bootstrap does not come back when its row fails', async () => {
    const h = make();
    await h.db.conversations.put(conversation({ id: 5, version: 3 }));
    const socket = await connected(h);
    await h.engine.mutate({ kind: 'status', conversation_id: 5, status: 'CLOSED' });
    const [call] = await h.waitForCalls(1);
    socket.receive({ action: 'RESET' });
    socket.receive({ action: 'READY', cursor: 30 });
    await h.settle();
    expect(await h.db.conversations.get(5)).toBeUndefined();
    call?.reply(404, { error: 'Not found.' });
    await h.settle();
    expect(await h.db.conversations.get(5)).toBeUndefined();
    expect(await h.db.bases.count()).toBe(0);
  });
});
