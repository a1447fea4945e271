import { Dexie } from 'dexie';
import type { InboxDatabase, LocalMessage } from '../../../../client-db/inbox-database';
import type { Contact } from '../../../../protocol/documents';

export type ThreadData = {
  /** Messages and notes, oldest first. */
  entries: LocalMessage[];
  /** Contacts who wrote in this thread, by id. */
  contacts: ReadonlyMap<number, Contact>;
  /** Why a send failed, by message id, from its outbox row. */
  failures: ReadonlyMap<string, string>;
  /** Whether older messages exist on the server; undefined until a page was loaded. */
  hasMore: boolean | undefined;
};

/**
 * Reads a conversation's thread: its entries, their writers, and the failures of its sends.
 * Writers in `known` are not read again: the page handles each answer from IndexedDB in a task
 * of its own, behind its renders and timers, so a read that waits for another (the writers for
 * the entries) can double the time until the thread shows.
 */
export async function readThread(db: InboxDatabase, conversationId: number, known?: Contact): Promise<ThreadData> {
  const [{ entries, contacts }, history, failed] = await Promise.all([
    readEntries(db, conversationId, known),
    db.meta.get(`history:${conversationId}`),
    db.outbox.where('state').equals('failed').toArray(),
  ]);
  const failures = new Map<string, string>();
  for (const entry of entries) {
    const row = failed.find((r) => (entry.outbox_id !== undefined && r.id === entry.outbox_id) || r.temp_id === entry.id);
    if (row?.error) failures.set(entry.id, row.error);
  }
  const hasMore = history && 'has_more' in history ? history.has_more : undefined;
  return { entries, contacts, failures, hasMore };
}

async function readEntries(
  db: InboxDatabase,
  conversationId: number,
  known: Contact | undefined,
): Promise<Pick<ThreadData, 'entries' | 'contacts'>> {
  const entries = await db.messages
    .where('[conversation_id+timestamp_ts]')
    .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
    .toArray();
  const contacts = new Map<number, Contact>();
  if (known) contacts.set(known.id, known);
  const missing = [...new Set(entries.flatMap((entry) => (entry.contact_id === null || contacts.has(entry.contact_id) ? [] : [entry.contact_id])))];
  if (missing.length > 0) for (const contact of await db.contacts.bulkGet(missing)) if (contact) contacts.set(contact.id, contact);
  return { entries, contacts };
}
