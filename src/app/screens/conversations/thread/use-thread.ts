import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import type { Contact } from '../../../../protocol/documents';
import { useInboxDb } from '../../../sync/sync-context';

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

/** The thread of a conversation, live, in timestamp order. */
export function useThread(conversationId: number): ThreadData | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    const [entries, history, failed] = await Promise.all([
      db.messages
        .where('[conversation_id+timestamp_ts]')
        .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
        .toArray(),
      db.meta.get(`history:${conversationId}`),
      db.outbox.where('state').equals('failed').toArray(),
    ]);
    const contactIds = [...new Set(entries.flatMap((entry) => (entry.contact_id === null ? [] : [entry.contact_id])))];
    const contacts = new Map<number, Contact>();
    for (const contact of await db.contacts.bulkGet(contactIds)) if (contact) contacts.set(contact.id, contact);
    const failures = new Map<string, string>();
    for (const entry of entries) {
      const row = failed.find((r) => (entry.outbox_id !== undefined && r.id === entry.outbox_id) || r.temp_id === entry.id);
      if (row?.error) failures.set(entry.id, row.error);
    }
    const hasMore = history && 'has_more' in history ? history.has_more : undefined;
    return { entries, contacts, failures, hasMore };
  }, [db, conversationId]);
}
