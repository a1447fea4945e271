import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveListSource, selectConversations, type ListSource } from '../../../../../../src/app/screens/conversations/list/inbox-filter';
import { combinePages, firstPage, withNextPage, type PageSpec } from '../../../../../../src/app/screens/conversations/list/list-pages';
import { readListPage, type ListPage, type ListPlan } from '../../../../../../src/app/screens/conversations/list/read-list-page';
import { openInboxDatabase, type InboxDatabase } from '../../../../../../src/client-db/inbox-database';
import type { Contact, Conversation, ConversationStatus } from '../../../../../../src/protocol/documents';
import { inboxOrder, matchesInboxQuery } from '../../../../../../src/protocol/inbox-query/match-inbox-query';
import { parseInboxQuery } from '../../../../../../src/protocol/inbox-query/parse-inbox-query';

const ME = 7;
const STATUSES: ConversationStatus[] = ['OPENED', 'WAITING', 'CLOSED'];
const TAGS = ['billing', 'bug', 'urgent'];
let databases: InboxDatabase[] = [];

afterEach(async () => {
  for (const db of databases) {
    db.close();
    await db.delete();
  }
  databases = [];
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function conversation(id: number, next: () => number, extra: Partial<Conversation> = {}): Conversation {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  return {
    id,
    agent_id: pick([null, ME, 9]),
    contact_id: 1 + Math.floor(next() * 20),
    channel: pick(['EMAIL', 'CHAT'] as const),
    channel_id: null,
    subject: pick(['Refund please', 'Login broken', 'Invoice question', 'Hello']),
    status: pick(STATUSES),
    tags: TAGS.filter(() => next() < 0.3),
    recipients: [],
    last_update: pick(['thanks', 'any news?', 'refund done']),
    // Few distinct times: ties on the index key are common, as they are for bulk-imported mail.
    last_update_ts: 1_000 + Math.floor(next() * 40) * 1_000,
    is_unread: next() < 0.3,
    priority: pick([0, 0, 0, 1, 2]),
    created_at: 0,
    version: 1,
    ...extra,
  };
}

async function seeded(count: number, seed: number): Promise<{ db: InboxDatabase; all: Conversation[]; contacts: Map<number, Contact> }> {
  const db = openInboxDatabase(`list-pages-${seed}-${Math.random().toString(36).slice(2)}`);
  databases.push(db);
  const next = random(seed);
  const all = Array.from({ length: count }, (_, i) => conversation(i + 1, next));
  const contacts = new Map<number, Contact>();
  for (let id = 1; id <= 20; id++) {
    contacts.set(id, { id, name: id % 4 === 0 ? `Refund Fan ${id}` : `Person ${id}`, email: `p${id}@example.com`, avatar: null, is_trusted: false, company: null, version: 1 });
  }
  await db.conversations.bulkPut(all);
  await db.contacts.bulkPut([...contacts.values()]);
  return { db, all, contacts };
}

function plan(source: ListSource): ListPlan {
  return {
    order: inboxOrder(source.query),
    accept: (c, contact) => matchesInboxQuery(source.query, c, { me: ME, contact }),
    needsContacts: source.query.terms.some((term) => term.kind === 'text'),
  };
}

function custom(query: string): ListSource {
  if (!parseInboxQuery(query).ok) throw new Error(`bad query ${query}`);
  return resolveListSource('inbox', [{ key: 'q', name: 'Q', query }], 'q');
}

/** Reads page after page, as scrolling to the end does, and returns every page read. */
async function readToEnd(db: InboxDatabase, source: ListSource): Promise<{ pages: PageSpec[]; read: ListPage[] }> {
  let pages = firstPage();
  const read: ListPage[] = [];
  for (;;) {
    const spec = pages.at(-1)!;
    const page = await readListPage(db, plan(source), spec);
    read.push(page);
    if (!page.hasMore) return { pages, read };
    pages = withNextPage(pages, page.rows.at(-1));
  }
}

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

describe('cursor paging of the conversation list over IndexedDB (§9: pages of 25)', () => {
  const sources: [string, ListSource][] = [
    ['the default inbox (newest activity first)', resolveListSource('inbox', [], null)],
    ['waiting', resolveListSource('waiting', [], null)],
    ['all', resolveListSource('all', [], null)],
    ['newest first, by tag', custom('tag:billing,bug')],
    ['oldest first, unread', custom('is:unread order:oldest')],
    ['free text over contacts', custom('refund -is:closed order:priority')],
  ];

  for (const [name, source] of sources) {
    it(`reads ${name} page by page in exactly the order of the in-memory list`, async () => {
      const { db, all, contacts } = await seeded(400, name.length);
      const expected = selectConversations(all, source, ME, Number.POSITIVE_INFINITY, contacts).rows;
      const { read } = await readToEnd(db, source);
      expect(ids(combinePages(read).rows)).toEqual(ids(expected));
      expect(read.slice(0, -1).every((page) => page.rows.length === 25)).toBe(true);
      expect(read.at(-1)!.rows.length).toBe(expected.length - 25 * (read.length - 1));
    });
  }

  it('pages through more ties on one index key than a read takes at once', async () => {
    const db = openInboxDatabase(`list-pages-ties-${Math.random().toString(36).slice(2)}`);
    databases.push(db);
    const next = random(3);
    const all = Array.from({ length: 300 }, (_, i) => conversation(i + 1, next, { priority: 1, last_update_ts: 5_000, status: 'OPENED', agent_id: null }));
    await db.conversations.bulkPut(all);
    const source = resolveListSource('inbox', [], null);
    const { read } = await readToEnd(db, source);
    expect(ids(combinePages(read).rows)).toEqual(ids(selectConversations(all, source, ME, 1_000).rows));
  });

  it('reads the loaded pages again without losing or repeating a row when one arrives or leaves', async () => {
    const { db, all, contacts } = await seeded(200, 11);
    const source = resolveListSource('all', [], null);
    let pages = firstPage();
    const first = await readListPage(db, plan(source), pages[0]!);
    pages = withNextPage(pages, first.rows.at(-1));
    const second = await readListPage(db, plan(source), pages[1]!);
    expect(combinePages([first, second]).rows).toHaveLength(50);

    // A new conversation at the top, and one from the second page closed and pushed down by priority.
    const arrived = conversation(999, random(5), { priority: 9, last_update_ts: 99_000 });
    const moved = { ...second.rows[3]!, priority: -1 };
    await db.conversations.bulkPut([arrived, moved]);
    const now = [arrived, ...all.filter((c) => c.id !== moved.id), moved];
    const again = await Promise.all(pages.map((spec) => readListPage(db, plan(source), spec)));
    const expected = selectConversations(now, source, ME, 1_000, contacts).rows;
    // The first page grew by one; the last is still 25 long: 51 rows, in order, none twice.
    expect(again[0]!.rows).toHaveLength(26);
    expect(again[1]!.rows).toHaveLength(25);
    expect(ids(combinePages(again).rows)).toEqual(ids(expected.slice(0, 51)));
  });
});
