import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { Contact } from '../../../../protocol/documents';
import { useSignedIn } from '../../../session/signed-in-context';
import { useInboxDb } from '../../../sync/sync-context';
import { needsContacts } from './inbox-filter';
import { countedInboxes, countUnreadByInbox, statusesToRead } from './inbox-unread-counts';

const NO_COUNTS: Readonly<Record<string, number>> = {};

/**
 * §3, §4, §9: unread conversations per inbox, computed from IndexedDB with the lists' predicate:
 * `default` (the inbox icon shows unread when it is not zero) and each custom inbox by key.
 * During a first bootstrap they are the server's (its COUNTS frame), without reading the
 * conversations being written.
 */
export function useInboxUnreadCounts(): Readonly<Record<string, number>> {
  const db = useInboxDb();
  const { agent } = useSignedIn();
  const inboxes = useMemo(() => countedInboxes(agent.custom_inboxes), [agent.custom_inboxes]);
  return useLiveQuery(
    async () => {
      // A bootstrap under way: the server's counts, until the local copy is complete (READY).
      const server = await db.meta.get('unread-counts');
      if (server?.key === 'unread-counts') return server.counts;
      const statuses = statusesToRead(inboxes);
      const read = statuses === null ? db.conversations.toCollection() : db.conversations.where('status').anyOf(statuses);
      const unread = await read.filter((c) => c.is_unread).toArray();
      let contacts: Map<number, Contact> | undefined;
      if (inboxes.some((inbox) => needsContacts(inbox.query))) {
        const ids = [...new Set(unread.map((c) => c.contact_id))];
        contacts = new Map();
        for (const contact of await db.contacts.bulkGet(ids)) if (contact) contacts.set(contact.id, contact);
      }
      return countUnreadByInbox(unread, inboxes, agent.id, contacts);
    },
    [db, inboxes, agent.id],
    NO_COUNTS,
  );
}
