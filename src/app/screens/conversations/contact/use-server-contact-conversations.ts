import { useEffect, useState } from 'react';
import type { ContactConversation } from '../../../../protocol/api/contact-requests';
import { apiPaths } from '../../../../protocol/api/routes';
import { useApi } from '../../../api/api-context';

/**
 * The contact's latest conversations as the server knows them (§3 `last_conversations`), read
 * when the panel opens: a device may hold only part of an organization's history. Offline, or
 * when the call fails, none (the panel then shows what the device holds).
 */
export function useServerContactConversations(contactId: number | null): ContactConversation[] {
  const api = useApi();
  const [conversations, setConversations] = useState<{ id: number | null; list: ContactConversation[] }>({ id: null, list: [] });
  useEffect(() => {
    if (contactId === null) return;
    const controller = new AbortController();
    api.get<{ last_conversations?: ContactConversation[] }>(apiPaths.contact(contactId), controller.signal).then(
      (contact) => setConversations({ id: contactId, list: contact.last_conversations ?? [] }),
      () => undefined,
    );
    return () => controller.abort();
  }, [api, contactId]);
  return conversations.id === contactId ? conversations.list : [];
}
