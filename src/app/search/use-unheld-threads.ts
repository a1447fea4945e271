import { useLiveQuery } from 'dexie-react-hooks';
import type { Contact, Conversation } from '../../protocol/documents';
import { useInboxDb } from '../sync/sync-context';

/** How many such conversations a search asks the server about, most recent first. */
const MAX_UNHELD = 100;

export type UnheldThread = { conversation: Conversation; contact: Contact | undefined };
const EMPTY: UnheldThread[] = [];

/**
 * Conversations this browser holds whose older messages it knows the server has and it does
 * not (`history:<id>` with has_more): a search cannot rule them out locally.
 */
export function useUnheldThreads(): readonly UnheldThread[] {
  const db = useInboxDb();
  return useLiveQuery(
    async () => {
      const rows = await db.meta.where('key').startsWith('history:').toArray();
      const ids = rows.flatMap((row) => (row.key.startsWith('history:') && 'has_more' in row && row.has_more ? [Number(row.key.slice('history:'.length))] : []));
      if (ids.length === 0) return EMPTY;
      const conversations = (await db.conversations.bulkGet(ids)).filter((row): row is Conversation => row !== undefined);
      conversations.sort((a, b) => b.last_update_ts - a.last_update_ts);
      const kept = conversations.slice(0, MAX_UNHELD);
      const contacts = await db.contacts.bulkGet(kept.map((row) => row.contact_id));
      return kept.map((conversation, i) => ({ conversation, contact: contacts[i] }));
    },
    [db],
    EMPTY,
  );
}
