import { useLiveQuery } from 'dexie-react-hooks';
import type { ContactConversation } from '../../../../protocol/api/contact-requests';
import { useInboxDb } from '../../../sync/sync-context';

/** How many of a contact's conversations the summary lists. */
export const CONTACT_CONVERSATIONS_SHOWN = 8;

/** The latest few, how many in all (at least), and the ids the device holds. */
export type ContactConversations = { recent: ContactConversation[]; total: number; held: ReadonlySet<number> };

/**
 * A contact's conversations held on this device, latest activity first, live (the summary beside
 * an open conversation). Read through the contact_id index: a few rows, not the whole table.
 */
export function useContactConversations(contactId: number | null): ContactConversations | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    if (contactId === null) return { recent: [], total: 0, held: new Set<number>() };
    const all = await db.conversations.where('contact_id').equals(contactId).toArray();
    all.sort((a, b) => b.last_update_ts - a.last_update_ts || b.id - a.id);
    return { recent: all.slice(0, CONTACT_CONVERSATIONS_SHOWN), total: all.length, held: new Set(all.map((c) => c.id)) };
  }, [db, contactId]);
}

/**
 * The device's list joined with the server's latest (§3 `last_conversations`): the device's copy
 * wins for a conversation it holds (it is live); the server adds those the device never loaded.
 */
export function withServerConversations(local: ContactConversations, server: readonly ContactConversation[]): ContactConversations {
  const byId = new Map<number, ContactConversation>(server.map((conversation) => [conversation.id, conversation]));
  for (const conversation of local.recent) byId.set(conversation.id, conversation);
  const recent = [...byId.values()].sort((a, b) => b.last_update_ts - a.last_update_ts || b.id - a.id).slice(0, CONTACT_CONVERSATIONS_SHOWN);
  const notHeld = server.filter((conversation) => !local.held.has(conversation.id)).length;
  return { recent, total: local.total + notHeld, held: local.held };
}
