import { Dexie } from 'dexie';
import type { InboxDatabase } from '../../../../client-db/inbox-database';
import type { Contact, Conversation } from '../../../../protocol/documents';
import type { InboxOrder } from '../../../../protocol/inbox-query/inbox-query';
import { indexKey, isAfter, orderIndex, takeFromBatch, type PageRows, type PageSpec } from './list-pages';

/** How a list decides membership: its order, and the query as a predicate (with the contact for free text). */
export type ListPlan = {
  order: InboxOrder;
  accept: (conversation: Conversation, contact: Contact | undefined) => boolean;
  /** Free text looks at the contact's name and email: read contacts before deciding. */
  needsContacts: boolean;
};

export type ListPage = PageRows & { contacts: ReadonlyMap<number, Contact> };

const FIRST_BATCH_MIN = 50;
const BATCH_MAX = 2_000;

/**
 * Reads one page of a list from IndexedDB by walking the order's index from the page's start,
 * a batch at a time (each batch one getAll), until the page is full or its stretch ends. A
 * live query over it re-runs only for changes inside the stretch it read, so a change far down
 * a 10,000-conversation list does not re-read the top page.
 */
export async function readListPage(db: InboxDatabase, plan: ListPlan, spec: PageSpec): Promise<ListPage> {
  const { index, reverse } = orderIndex(plan.order);
  const wanted = spec.through === null ? spec.limit + 1 : Number.POSITIVE_INFINITY;
  const matches: Conversation[] = [];
  const contacts = new Map<number, Contact>();
  let from = spec.after;
  let batchSize = Math.min(BATCH_MAX, Math.max(FIRST_BATCH_MIN, wanted * 2));
  for (;;) {
    // Bounds are inclusive: rows sharing `from`'s index key are skipped by position instead.
    const near = from ? indexKey(plan.order, from) : reverse ? Dexie.maxKey : Dexie.minKey;
    const far = spec.through ? indexKey(plan.order, spec.through) : reverse ? Dexie.minKey : Dexie.maxKey;
    const range = db.conversations.where(index).between(reverse ? far : near, reverse ? near : far, true, true);
    const batch = await (reverse ? range.reverse() : range).limit(batchSize).toArray();
    if (plan.needsContacts) await readContacts(db, batch, contacts);
    const taken = takeFromBatch(plan.order, batch, { after: from, through: spec.through }, (row) => plan.accept(row, contacts.get(row.contact_id)));
    matches.push(...taken.matches);
    const last = batch.at(-1);
    if (taken.done || matches.length >= wanted || batch.length < batchSize || !last) break;
    if (!from || isAfter(plan.order, last, from)) {
      from = last;
      batchSize = Math.min(BATCH_MAX, batchSize * 2);
    } else {
      // The whole batch shared `from`'s index key and came before it: read a longer one.
      batchSize *= 2;
    }
  }
  const rows = matches.slice(0, spec.through === null ? spec.limit : matches.length);
  if (!plan.needsContacts) await readContacts(db, rows, contacts);
  return { rows, hasMore: spec.through === null && matches.length > spec.limit, contacts };
}

async function readContacts(db: InboxDatabase, rows: readonly Conversation[], into: Map<number, Contact>): Promise<void> {
  const ids = [...new Set(rows.map((row) => row.contact_id))].filter((id) => !into.has(id));
  if (ids.length === 0) return;
  for (const contact of await db.contacts.bulkGet(ids)) if (contact) into.set(contact.id, contact);
}
