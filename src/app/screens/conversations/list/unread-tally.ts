import { Dexie, type ObservabilitySet } from 'dexie';
import type { InboxDatabase } from '../../../../client-db/inbox-database';
import type { Contact, Conversation } from '../../../../protocol/documents';
import { mutatedKeys } from '../../../sync/mutated-keys';
import { needsContacts } from './inbox-filter';
import { statusesToRead, unreadInboxKeys, type CountedInbox } from './inbox-unread-counts';

/**
 * The unread counts per inbox (see inbox-unread-counts.ts), kept current by following the
 * database instead of counting again at every change.
 *
 * It counts once (every conversation, read in pages), remembers
 * which inboxes each unread conversation is counted in, and then reads back only the
 * conversations a committed write touched (Dexie's `storagemutated`, the sync worker's writes
 * too): a status change, an optimistic patch or its rollback, a feed update, an eviction costs
 * one `bulkGet` of those conversations, whatever the size of the table. A write Dexie reports as
 * a range (a bulk write of 50 or more, a clear) counts everything again, at most once per
 * `recountGapMs`; so does a contact's change when an inbox matches on contacts.
 */
export type UnreadTally = {
  /** Resolves once every write reported so far is counted. */
  idle(): Promise<void>;
  stop(): void;
};

export type UnreadTallyDeps = {
  db: InboxDatabase;
  inboxes: readonly CountedInbox[];
  me: number;
  /** Each new set of counts (not called again while they stay the same). */
  onCounts: (counts: Readonly<Record<string, number>>) => void;
  onError: (error: unknown) => void;
  recountGapMs?: number;
  /** Conversations read per request when counting everything (RECOUNT_PAGE). */
  recountPage?: number;
};

/** Bulk writes come in runs (a catch-up, a bulk action): count everything again at most this often. */
export const RECOUNT_GAP_MS = 500;
/** Conversations read per request when counting everything. */
export const RECOUNT_PAGE = 2_000;

export function createUnreadTally(deps: UnreadTallyDeps): UnreadTally {
  const { db, inboxes, me } = deps;
  const gap = deps.recountGapMs ?? RECOUNT_GAP_MS;
  const pageSize = deps.recountPage ?? RECOUNT_PAGE;
  const withContacts = inboxes.some((inbox) => needsContacts(inbox.query));
  /** The inbox keys each unread conversation is counted in. */
  const memberships = new Map<number, readonly string[]>();
  let counts: Record<string, number> = emptyCounts();
  let emitted: Readonly<Record<string, number>> | null = null;
  let recountAll = true;
  let pending = new Set<number>();
  let lastRecount = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  let stopped = false;

  function emptyCounts(): Record<string, number> {
    return Object.fromEntries(inboxes.map(({ key }) => [key, 0]));
  }

  async function contactsOf(conversations: readonly (Conversation | undefined)[]): Promise<Map<number, Contact>> {
    const contacts = new Map<number, Contact>();
    if (!withContacts) return contacts;
    const ids = [...new Set(conversations.flatMap((c) => (c ? [c.contact_id] : [])))];
    for (const contact of await db.contacts.bulkGet(ids)) if (contact) contacts.set(contact.id, contact);
    return contacts;
  }

  /**
   * Every conversation, a page at a time by primary key (one short read each, a task apart), so
   * that counting 100,000 conversations neither holds a transaction the sync worker's writes
   * wait behind nor makes a long frame.
   */
  async function countEverything(): Promise<void> {
    const statuses = statusesToRead(inboxes);
    const counted = statuses === null ? null : new Set<string>(statuses);
    memberships.clear();
    counts = emptyCounts();
    let after: number | null = null;
    for (;;) {
      const page: Conversation[] = await (after === null ? db.conversations.orderBy(':id') : db.conversations.where(':id').above(after))
        .limit(pageSize)
        .toArray();
      const unread = page.filter((c) => c.is_unread && (counted === null || counted.has(c.status)));
      const contacts = await contactsOf(unread);
      for (const conversation of unread) {
        const keys = unreadInboxKeys(conversation, inboxes, me, contacts);
        if (keys.length === 0) continue;
        memberships.set(conversation.id, keys);
        for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
      }
      const last = page.at(-1);
      if (!last || page.length < pageSize || stopped) return;
      after = last.id;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  async function countAgain(ids: readonly number[]): Promise<void> {
    const conversations = await db.conversations.bulkGet([...ids]);
    const contacts = await contactsOf(conversations);
    ids.forEach((id, index) => {
      for (const key of memberships.get(id) ?? []) counts[key] = (counts[key] ?? 0) - 1;
      const keys = unreadInboxKeys(conversations[index], inboxes, me, contacts);
      for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
      if (keys.length > 0) memberships.set(id, keys);
      else memberships.delete(id);
    });
  }

  function emit(): void {
    if (emitted && inboxes.every(({ key }) => emitted?.[key] === counts[key])) return;
    emitted = { ...counts };
    deps.onCounts(emitted);
  }

  async function work(): Promise<void> {
    while (!stopped && (recountAll || pending.size > 0)) {
      if (recountAll) {
        const wait = lastRecount + gap - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (stopped) return;
        // Whatever was touched meanwhile is read by the recount.
        recountAll = false;
        pending = new Set();
        lastRecount = Date.now();
        await countEverything();
      } else {
        const ids = [...pending];
        pending = new Set();
        await countAgain(ids);
      }
    }
    if (!stopped) emit();
  }

  function schedule(): void {
    running ??= work()
      .catch((error: unknown) => {
        if (!stopped) deps.onError(error);
      })
      .finally(() => {
        running = null;
        if (!stopped && (recountAll || pending.size > 0)) schedule();
      });
  }

  function onMutated(parts: ObservabilitySet): void {
    if (stopped) return;
    const conversations = mutatedKeys(parts, db.name, 'conversations');
    const contacts = withContacts ? mutatedKeys(parts, db.name, 'contacts') : null;
    if (!conversations && !contacts) return;
    if (conversations?.all || contacts) recountAll = true;
    else if (conversations) for (const key of conversations.keys) if (typeof key === 'number') pending.add(key);
    schedule();
  }

  Dexie.on('storagemutated', onMutated);
  schedule();
  return {
    async idle(): Promise<void> {
      while (running) await running;
    },
    stop(): void {
      stopped = true;
      Dexie.on.storagemutated.unsubscribe(onMutated);
    },
  };
}
