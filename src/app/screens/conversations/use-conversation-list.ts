import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Contact, Conversation } from '../../../protocol/documents';
import { useSignedIn } from '../../session/signed-in-context';
import { useInboxDb } from '../../sync/sync-context';
import { INBOX_PARAM, type ConversationFilter } from '../conversation-filter';
import { needsContacts, resolveListSource, selectConversations, type ListSource } from './inbox-filter';

export type ConversationListData = {
  rows: Conversation[];
  total: number;
  contacts: ReadonlyMap<number, Contact>;
};

/** The list the current URL asks for: `?inbox=<custom inbox key>` or the filter (§2, §3). */
export function useListSource(filter: ConversationFilter): ListSource {
  const { agent } = useSignedIn();
  const inboxKey = useSearchParams()[0].get(INBOX_PARAM);
  const customInboxes = agent.custom_inboxes;
  return useMemo(() => resolveListSource(filter, customInboxes, inboxKey), [filter, customInboxes, inboxKey]);
}

/**
 * The first `limit` conversations of a filter or custom inbox, live. The status index narrows
 * the read when the query allows; the query and the order run in memory, since IndexedDB
 * cannot index a null assignee. Free text reads the contacts too.
 */
export function useConversationList(filter: ConversationFilter, myId: number, limit: number): ConversationListData | undefined {
  const db = useInboxDb();
  const source = useListSource(filter);
  return useLiveQuery(async () => {
    const { statuses } = source;
    const candidates = statuses
      ? await db.conversations.where('status').anyOf(statuses).toArray()
      : await db.conversations.toArray();
    const allContacts = new Map<number, Contact>();
    if (needsContacts(source.query)) {
      const ids = [...new Set(candidates.map((row) => row.contact_id))];
      for (const contact of await db.contacts.bulkGet(ids)) if (contact) allContacts.set(contact.id, contact);
    }
    const { rows, total } = selectConversations(candidates, source, myId, limit, allContacts);
    const byId = new Map<number, Contact>();
    const missing = [...new Set(rows.map((row) => row.contact_id))].filter((id) => !allContacts.has(id));
    for (const contact of await db.contacts.bulkGet(missing)) if (contact) byId.set(contact.id, contact);
    for (const row of rows) {
      const contact = allContacts.get(row.contact_id);
      if (contact) byId.set(contact.id, contact);
    }
    return { rows, total, contacts: byId };
  }, [db, source, myId, limit]);
}
