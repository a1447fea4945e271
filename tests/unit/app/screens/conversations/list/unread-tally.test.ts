import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { countedInboxes, countUnreadByInbox, type CountedInbox } from '../../../../../../src/app/screens/conversations/list/inbox-unread-counts';
import { createUnreadTally, type UnreadTally } from '../../../../../../src/app/screens/conversations/list/unread-tally';
import type { CustomInbox } from '../../../../../../src/protocol/api/models';
import type { Contact } from '../../../../../../src/protocol/documents';
import { evictOutsideWindow } from '../../../../../../src/workers/feed/replication-window';
import { conversation, startedHarnesses } from '../../../../support/worker-harness';
import type { Harness } from '../../../../support/worker-harness';

const ME = 7;
const DAY = 24 * 3600_000;
// Registered before the tallies' afterEach, so it runs after it (hooks run as a stack): a tally stops before its database closes.
const started = startedHarnesses();
let tallies: UnreadTally[] = [];

afterEach(() => {
  for (const tally of tallies) tally.stop();
  tallies = [];
});

/** A tally over the harness's database, with the counts it reported last. */
function tallyOf(h: Harness, custom: CustomInbox[] = [], recountPage?: number) {
  const inboxes = countedInboxes(custom);
  const reported: { counts: Readonly<Record<string, number>> | null; errors: unknown[] } = { counts: null, errors: [] };
  const tally = createUnreadTally({
    db: h.db,
    inboxes,
    me: ME,
    recountGapMs: 0,
    ...(recountPage === undefined ? {} : { recountPage }),
    onCounts: (counts) => {
      reported.counts = counts;
    },
    onError: (error) => reported.errors.push(error),
  });
  tallies.push(tally);
  return {
    inboxes,
    /** The counts once every write so far is counted. */
    async counts() {
      await tally.idle();
      expect(reported.errors).toEqual([]);
      return reported.counts;
    },
  };
}

/** Counting the whole table from scratch, as the server's statistics do. */
async function countedFromScratch(h: Harness, inboxes: readonly CountedInbox[]) {
  const contacts = new Map<number, Contact>((await h.db.contacts.toArray()).map((contact) => [contact.id, contact]));
  return countUnreadByInbox(await h.db.conversations.toArray(), inboxes, ME, contacts);
}

describe('the sidebar’s unread counts follow the database without counting it again (§3, §9)', () => {
  it('counts at first, then follows feed writes and an optimistic status change, and its rollback when the server refuses it', async () => {
    const h = await started();
    await h.db.conversations.bulkPut([
      conversation({ id: 1 }),
      conversation({ id: 2, agent_id: ME }),
      conversation({ id: 3, agent_id: 99 }),
      conversation({ id: 4, is_unread: false }),
      conversation({ id: 5, status: 'CLOSED' }),
    ]);
    const tally = tallyOf(h);
    expect(await tally.counts()).toEqual({ default: 2 });

    h.socket().open();
    h.socket().receive({ action: 'insert', col: 'conversations', document: conversation({ id: 6, version: 2 }), cursor: 2 });
    h.socket().receive({ action: 'update', col: 'conversations', document: conversation({ id: 2, agent_id: ME, is_unread: false, version: 3 }), cursor: 3 });
    await h.settle();
    expect(await tally.counts()).toEqual({ default: 2 });
    expect(await tally.counts()).toEqual(await countedFromScratch(h, tally.inboxes));

    // Closed at once on this device: it leaves the count before the server answers.
    await h.engine.mutate({ kind: 'status', conversation_id: 1, status: 'CLOSED' });
    expect(await tally.counts()).toEqual({ default: 1 });
    const [call] = await h.waitForCalls(1);
    call?.reply(400, { errors: { status: 'cannot be closed' } });
    await h.settle();
    expect((await h.db.conversations.get(1))?.status).toBe('OPENED');
    expect(await tally.counts()).toEqual({ default: 2 });

    h.socket().receive({ action: 'delete', col: 'conversations', document: { id: 6 }, cursor: 4 });
    await h.settle();
    expect(await tally.counts()).toEqual({ default: 1 });
    expect(await tally.counts()).toEqual(await countedFromScratch(h, tally.inboxes));
  });

  it('an eviction by the replication window leaves the counts as the server has them: unread conversations stay', async () => {
    const h = await started({ online: false });
    const old = h.clock.now() - 200 * DAY;
    await h.db.conversations.bulkPut([
      conversation({ id: 1, status: 'CLOSED', is_unread: true, last_update_ts: old }),
      conversation({ id: 2, status: 'CLOSED', is_unread: false, last_update_ts: old }),
      conversation({ id: 3, last_update_ts: old }),
    ]);
    const tally = tallyOf(h, [{ key: 'closed', name: 'Closed', query: 'is:closed' }]);
    expect(await tally.counts()).toEqual({ closed: 1, default: 1 });

    expect(await evictOutsideWindow(h.db, h.clock.now() - 90 * DAY)).toBe(1);
    expect(await tally.counts()).toEqual({ closed: 1, default: 1 });
    expect(await tally.counts()).toEqual(await countedFromScratch(h, tally.inboxes));
  });

  it('counts everything again, a page at a time, after a bulk write, and after a contact’s change when an inbox matches on contacts', async () => {
    const h = await started({ online: false });
    await h.db.contacts.put({ id: 1, name: 'Ada', email: 'ada@example.com' } as Contact);
    const tally = tallyOf(h, [{ key: 'ada', name: 'Ada', query: '"Ada"' }], 7);
    expect(await tally.counts()).toEqual({ ada: 0, default: 0 });

    // Dexie reports a write of 50 documents or more as a range, not as their keys.
    await h.db.conversations.bulkPut(Array.from({ length: 60 }, (_, index) => conversation({ id: index + 1, is_unread: index % 2 === 0 })));
    expect(await tally.counts()).toEqual({ ada: 30, default: 30 });

    await h.db.contacts.put({ id: 1, name: 'Grace', email: 'grace@example.com' } as Contact);
    expect(await tally.counts()).toEqual({ ada: 0, default: 30 });
    expect(await tally.counts()).toEqual(await countedFromScratch(h, tally.inboxes));
  });
});
