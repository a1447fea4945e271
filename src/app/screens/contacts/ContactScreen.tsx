import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { parseCanonicalId } from '../../../protocol/canonical-id';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { absoluteDateTime, shortRelativeTime } from '../../format/relative-time';
import { useNow } from '../../hooks/use-now';
import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';
import { useInboxDb } from '../../sync/sync-context';
import { STATUS_LABELS, STATUS_TONES } from '../conversations/status-labels';
import { BillingSection } from '../conversations/contact/billing/BillingSection';
import { ContactEditForm } from '../conversations/contact/ContactEditForm';
import { CustomDataSection } from '../conversations/contact/custom-data/CustomDataSection';
import { MergeContactDialog } from '../conversations/contact/MergeContactDialog';
import { useContactConversations, withServerConversations } from '../conversations/contact/use-contact-conversations';
import { useServerContactConversations } from '../conversations/contact/use-server-contact-conversations';

/**
 * `contacts/{id}`: a contact's full profile on a page of its own: the card (editable), their
 * conversations (the device's joined with the server's latest), custom data, billing, and merging
 * another contact into this one. Billing actions from here leave no note (no conversation).
 */
export default function ContactScreen() {
  const { organization } = useSignedIn();
  const params = useParams();
  const id = parseCanonicalId(params['id'] ?? '');
  const db = useInboxDb();
  const contact = useLiveQuery(async () => (id === null ? null : ((await db.contacts.get(id)) ?? null)), [db, id]);
  const local = useContactConversations(id);
  const server = useServerContactConversations(id);
  const data = local && withServerConversations(local, server);
  const now = useNow(30_000);
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);

  if (contact === undefined) return null;
  if (contact === null) {
    return (
      <div className="page">
        <EmptyState icon="user" title="This contact is not on this device">
          It may have been merged into another contact or deleted.
        </EmptyState>
      </div>
    );
  }
  const name = contact.name || contact.email || 'Unknown contact';
  return (
    <div className="page">
      <PageHeader title={name} description={[contact.email, contact.company].filter(Boolean).join(' · ')} />
      <section className="panel">
        <div className="panel__body contact-page__card">
          <Avatar name={contact.name} email={contact.email ?? ''} src={contact.avatar} size={56} />
          {contact.is_trusted && <Badge tone="success">Trusted</Badge>}
          {editing ? (
            <ContactEditForm key={contact.id} contact={contact} onDone={() => setEditing(false)} />
          ) : (
            <div className="contact-edit__actions">
              <Button size="small" onClick={() => setEditing(true)}>
                Edit contact
              </Button>
              <Button size="small" onClick={() => setMerging(true)}>
                Merge…
              </Button>
            </div>
          )}
        </div>
      </section>
      <MergeContactDialog contact={contact} open={merging} onClose={() => setMerging(false)} />
      <section className="panel" aria-labelledby="contact-page-conversations">
        <div className="panel__header">
          <h2 className="panel__title" id="contact-page-conversations">
            Conversations {data && <span className="count">{data.total}</span>}
          </h2>
        </div>
        <div className="panel__body">
          <ul className="contact-summary__conversations">
            {data?.recent.map((other) => (
              <li key={other.id}>
                <Link to={`/${organization.slug}/conversations/view/${other.id}`} className="contact-conversation">
                  <span className="contact-conversation__subject">{other.subject || '(no subject)'}</span>
                  <span className="contact-conversation__meta">
                    <Badge tone={STATUS_TONES[other.status]}>{STATUS_LABELS[other.status]}</Badge>
                    <time dateTime={new Date(other.last_update_ts).toISOString()} title={absoluteDateTime(other.last_update_ts)}>
                      {shortRelativeTime(other.last_update_ts, now)}
                    </time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="panel">
        <div className="panel__body">
          <CustomDataSection contact={contact} conversation={null} />
          <BillingSection contact={contact} conversationId={null} />
        </div>
      </section>
    </div>
  );
}
