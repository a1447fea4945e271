import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { apiPaths } from '../../../protocol/api/routes';
import type { Contact } from '../../../protocol/documents';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { toFailure } from '../../api/request-failure';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { useToasts } from '../../components/Toasts';
import { PageHeader } from '../../layout/PageHeader';
import { useInboxDb } from '../../sync/sync-context';

/** Blocked contacts on this device, by name (live: blocking elsewhere shows here at once). */
function useBlockedContacts(): Contact[] | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    const blocked = await db.contacts.filter((contact) => contact.is_blocked === true).toArray();
    return blocked.sort((a, b) => (a.name || a.email || '').localeCompare(b.name || b.email || ''));
  }, [db]);
}

/** `blocked` (§2; no role required, §6): contacts marked as spam with "block"; unblock one. */
export default function BlockedScreen() {
  const contacts = useBlockedContacts();
  const api = useApi();
  const { show } = useToasts();
  const [busy, setBusy] = useState<number | null>(null);

  async function unblock(contact: Contact) {
    setBusy(contact.id);
    try {
      await api.del(apiPaths.blockedContact(contact.id));
      show({ tone: 'success', title: `${contact.name || contact.email || 'The contact'} is no longer blocked` });
    } catch (error) {
      const text = failureText(toFailure(error));
      if (text) show({ tone: 'error', title: text.message });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="page">
      <PageHeader title="Blocked contacts" description="Contacts marked as spam with “Also block this contact”. New messages from them do not open conversations." />
      <section className="panel" aria-labelledby="blocked-title">
        <div className="panel__header">
          <h2 className="panel__title" id="blocked-title">
            Blocked {contacts && <span className="count">{contacts.length}</span>}
          </h2>
        </div>
        {contacts === undefined ? (
          <div className="panel__body">
            <Spinner label="Loading blocked contacts" />
          </div>
        ) : contacts.length === 0 ? (
          <EmptyState icon="ban" title="Nobody is blocked">
            Mark a conversation as spam and choose “Also block this contact” to block its sender.
          </EmptyState>
        ) : (
          <ul className="rows" aria-label="Blocked contacts">
            {contacts.map((contact) => (
              <li key={contact.id} className="row">
                <Avatar name={contact.name} email={contact.email ?? ''} src={contact.avatar} size={36} />
                <div className="row__main">
                  <p className="row__title">{contact.name || contact.email || 'Unknown contact'}</p>
                  {contact.name && contact.email && <p className="row__detail">{contact.email}</p>}
                </div>
                <div className="row__side">
                  <Button size="small" loading={busy === contact.id} onClick={() => void unblock(contact)}>
                    Unblock
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
