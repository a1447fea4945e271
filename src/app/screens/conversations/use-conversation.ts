import { useLiveQuery } from 'dexie-react-hooks';
import type { Contact, Conversation } from '../../../protocol/documents';
import { useInboxDb } from '../../sync/sync-context';

export type ConversationData = { conversation: Conversation; contact: Contact | undefined };

/** The conversation and its contact, live; null when this device does not hold it. */
export function useConversation(id: number): ConversationData | null | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    const conversation = await db.conversations.get(id);
    if (!conversation) return null;
    return { conversation, contact: await db.contacts.get(conversation.contact_id) };
  }, [db, id]);
}
