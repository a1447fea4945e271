import { useLiveQuery } from 'dexie-react-hooks';
import type { Contact, Conversation } from '../../../protocol/documents';
import { useInboxDb } from '../../sync/sync-context';
import type { ConversationFilter } from '../conversation-filter';
import { FILTER_STATUSES, selectConversations } from './inbox-filter';

export type ConversationListData = {
  rows: Conversation[];
  total: number;
  contacts: ReadonlyMap<number, Contact>;
};

/**
 * The first `limit` conversations of a filter, live. The status index narrows the read; the
 * assignee rule and the order run in memory, since IndexedDB cannot index a null assignee.
 */
export function useConversationList(filter: ConversationFilter, myId: number, limit: number): ConversationListData | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    const statuses = FILTER_STATUSES[filter];
    const candidates = statuses
      ? await db.conversations.where('status').anyOf(statuses).toArray()
      : await db.conversations.toArray();
    const { rows, total } = selectConversations(candidates, filter, myId, limit);
    const contactIds = [...new Set(rows.map((row) => row.contact_id))];
    const contacts = await db.contacts.bulkGet(contactIds);
    const byId = new Map<number, Contact>();
    for (const contact of contacts) if (contact) byId.set(contact.id, contact);
    return { rows, total, contacts: byId };
  }, [db, filter, myId, limit]);
}
