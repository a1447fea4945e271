import { useLiveQuery } from 'dexie-react-hooks';
import type { Conversation } from '../../../../protocol/documents';
import { useInboxDb } from '../../../sync/sync-context';

/** How many of a contact's conversations the summary lists. */
export const CONTACT_CONVERSATIONS_SHOWN = 8;

export type ContactConversations = { recent: Conversation[]; total: number };

/**
 * A contact's conversations held on this device, latest activity first, live (the summary beside
 * an open conversation). Read through the contact_id index: a few rows, not the whole table.
 */
export function useContactConversations(contactId: number | null): ContactConversations | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    if (contactId === null) return { recent: [], total: 0 };
    const all = await db.conversations.where('contact_id').equals(contactId).toArray();
    all.sort((a, b) => b.last_update_ts - a.last_update_ts || b.id - a.id);
    return { recent: all.slice(0, CONTACT_CONVERSATIONS_SHOWN), total: all.length };
  }, [db, contactId]);
}
