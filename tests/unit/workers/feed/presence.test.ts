import { describe, expect, it } from 'vitest';
import { CONTACT_LIVE_GRACE_MS } from '../../../../src/protocol/constants';
import { combineViews } from '../../../../src/protocol/presence';
import { testHarnesses } from '../../support/worker-harness';
import type { Harness } from '../../support/worker-harness';

const make = testHarnesses().create;

async function connected(h: Harness) {
  await h.engine.start();
  h.socket().open();
  return h.socket();
}

const rows = async (h: Harness) => {
  await h.engine.idle();
  return (await h.db.presence.toArray()).map(({ key, live, conversation_id, typing }) => ({ key, live, conversation_id, typing }));
};

const framesSent = (h: Harness) =>
  h.sockets.flatMap((socket) => socket.sent.filter((data) => data.startsWith('{')).map((data) => JSON.parse(data) as unknown));

describe('presence from the socket', () => {
  it('fills the presence table with live agents and what they view, and drops an agent that left', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'READY', cursor: 1 });
    socket.receive({ action: 'live', col: 'agents', documents: [{ id: 2 }, { id: 3 }] });
    socket.receive({ action: 'viewing', col: 'agents', documents: [{ id: 2, conversation_id: 40, typing: true }] });
    expect(await rows(h)).toEqual([
      { key: 'agent:2', live: true, conversation_id: 40, typing: true },
      { key: 'agent:3', live: true, conversation_id: null, typing: false },
    ]);
    socket.receive({ action: 'viewing', col: 'agents', document: { id: 3, conversation_id: 40, typing: false } });
    socket.receive({ action: 'left', col: 'agents', document: { id: 2 } });
    expect(await rows(h)).toEqual([{ key: 'agent:3', live: true, conversation_id: 40, typing: false }]);
  });

  it('never writes presence into the document tables, and skips malformed presence documents', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'live', col: 'contacts', document: { id: 9 } });
    socket.receive({ action: 'viewing', col: 'agents', document: { id: 'x', conversation_id: 1, typing: true } });
    socket.receive({ action: 'live', col: 'conversations', document: { id: 4 } });
    expect(await rows(h)).toEqual([{ key: 'contact:9', live: true, conversation_id: null, typing: false }]);
    expect(await h.db.contacts.count()).toBe(0);
    expect(await h.db.conversations.count()).toBe(0);
  });

  it('clears presence when the socket drops, and the next socket brings it back from its snapshot', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'live', col: 'agents', document: { id: 2 } });
    socket.receive({ action: 'viewing', col: 'agents', document: { id: 2, conversation_id: 5, typing: true } });
    expect(await rows(h)).toHaveLength(1);
    socket.serverClose(1006);
    expect(await rows(h)).toEqual([]);

    h.clock.advance(500);
    const again = h.socket();
    expect(again).not.toBe(socket);
    again.open();
    again.receive({ action: 'READY', cursor: 1 });
    again.receive({ action: 'live', col: 'agents', document: { id: 3 } });
    expect(await rows(h)).toEqual([{ key: 'agent:3', live: true, conversation_id: null, typing: false }]);
  });

  it('starts from an empty table: rows left by a worker that died are gone before the socket opens', async () => {
    const h = make();
    await h.db.presence.put({ key: 'agent:2', kind: 'agent', id: 2, live: true, conversation_id: 5, typing: true, updated_at: 1 });
    await h.engine.start();
    expect(await rows(h)).toEqual([]);
  });

  it("keeps a contact's live flag for 2 s after it leaves, and keeps it when the contact comes back in time", async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'live', col: 'contacts', documents: [{ id: 7 }, { id: 8 }] });
    socket.receive({ action: 'left', col: 'contacts', documents: [{ id: 7 }, { id: 8 }] });
    h.clock.advance(CONTACT_LIVE_GRACE_MS - 1);
    expect((await rows(h)).map((row) => row.key)).toEqual(['contact:7', 'contact:8']);
    // Contact 8 reloads the page: back before its grace ran out.
    socket.receive({ action: 'live', col: 'contacts', document: { id: 8 } });
    await h.engine.idle();
    h.clock.advance(1);
    expect(await rows(h)).toEqual([{ key: 'contact:8', live: true, conversation_id: null, typing: false }]);
    h.clock.advance(CONTACT_LIVE_GRACE_MS * 5);
    expect((await rows(h)).map((row) => row.key)).toEqual(['contact:8']);
    socket.receive({ action: 'left', col: 'contacts', document: { id: 8 } });
    h.clock.advance(CONTACT_LIVE_GRACE_MS);
    expect(await rows(h)).toEqual([]);
  });

  it('a disconnect also ends the grace of a leaving contact', async () => {
    const h = make();
    const socket = await connected(h);
    socket.receive({ action: 'live', col: 'contacts', document: { id: 7 } });
    socket.receive({ action: 'left', col: 'contacts', document: { id: 7 } });
    socket.serverClose(1006);
    expect(await rows(h)).toEqual([]);
    expect(h.clock.pending()).toBe(1); // only the reconnect timer
  });
});

describe('what this browser views', () => {
  it("sends the latest tab's conversation once the socket is open, and only when it changes", async () => {
    const h = make();
    await h.engine.start();
    h.engine.setViewing('tab-a', { conversation_id: 5, typing: false });
    expect(framesSent(h)).toEqual([]);
    const socket = h.socket();
    socket.open();
    expect(framesSent(h)).toEqual([{ action: 'viewing', conversation_id: 5, typing: false }]);
    h.engine.setViewing('tab-a', { conversation_id: 5, typing: false });
    h.engine.setViewing('tab-b', { conversation_id: 7, typing: true });
    h.engine.setViewing('tab-b', { conversation_id: null, typing: false });
    h.engine.setViewing('tab-b', { conversation_id: 7, typing: false });
    h.engine.setViewing('tab-b', null);
    expect(framesSent(h)).toEqual([
      { action: 'viewing', conversation_id: 5, typing: false },
      { action: 'viewing', conversation_id: 7, typing: true },
      { action: 'viewing', conversation_id: 5, typing: false },
      { action: 'viewing', conversation_id: 7, typing: false },
      { action: 'viewing', conversation_id: 5, typing: false },
    ]);
  });

  it('reports the view again on every new socket, and a tab focused again takes over', async () => {
    const h = make();
    const socket = await connected(h);
    h.engine.setViewing('tab-a', { conversation_id: 5, typing: false });
    h.engine.setViewing('tab-b', { conversation_id: 6, typing: true });
    socket.serverClose(1006);
    h.engine.setViewing('tab-b', { conversation_id: 6, typing: false });
    h.clock.advance(500);
    h.socket().open();
    expect(h.socket().sent.map((data) => JSON.parse(data) as unknown)).toEqual([{ action: 'viewing', conversation_id: 6, typing: false }]);
    h.engine.setViewing('tab-a', { conversation_id: 5, typing: false });
    expect(framesSent(h).at(-1)).toEqual({ action: 'viewing', conversation_id: 5, typing: false });
  });

  it('an agent views one conversation at a time: the latest report of a conversation wins', () => {
    expect(combineViews([])).toEqual({ conversation_id: null, typing: false });
    expect(
      combineViews([
        { conversation_id: 1, typing: true, at: 1 },
        { conversation_id: 2, typing: false, at: 3 },
        { conversation_id: null, typing: true, at: 4 },
      ]),
    ).toEqual({ conversation_id: 2, typing: false });
    expect(combineViews([{ conversation_id: null, typing: true, at: 9 }])).toEqual({ conversation_id: null, typing: false });
  });
});
