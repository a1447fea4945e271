import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Contact, Conversation } from '../../../../protocol/documents';
import { Avatar } from '../../../components/Avatar';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { IconButton } from '../../../components/IconButton';
import { absoluteDateTime, shortRelativeTime } from '../../../format/relative-time';
import { useNow } from '../../../hooks/use-now';
import { useSignedIn } from '../../../session/signed-in-context';
import { STATUS_LABELS, STATUS_TONES } from '../status-labels';
import { ContactArticles } from './ContactArticles';
import { BillingSection } from './billing/BillingSection';
import { CustomDataSection } from './custom-data/CustomDataSection';
import { ContactEditForm } from './ContactEditForm';
import { MergeContactDialog } from './MergeContactDialog';
import { useContactConversations, withServerConversations } from './use-contact-conversations';
import { useServerContactConversations } from './use-server-contact-conversations';

type SummaryProps = {
  conversation: Conversation;
  contact: Contact | undefined;
  /** Where another conversation of the contact opens (beside the same list). */
  rowPath: (id: number) => string;
  /** Shown as a panel over the conversation (narrower screens): how to put it away. */
  onClose: () => void;
};

/**
 * Who the agent is talking to, beside the conversation: the contact's card and their other
 * conversations on this device, each a link. A column on wide screens, a panel elsewhere.
 */
export function ContactSummary({ conversation, contact, rowPath, onClose }: SummaryProps) {
  const local = useContactConversations(conversation.contact_id);
  const server = useServerContactConversations(conversation.contact_id);
  const data = local && withServerConversations(local, server);
  const now = useNow(30_000);
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  const { organization } = useSignedIn();
  const contactPath = (id: number) => `/${organization.slug}/contacts/${id}`;
  const name = contact?.name || contact?.email || 'Unknown contact';
  return (
    <aside className="contact-summary" aria-label="Contact" id="contact-summary">
      <div className="contact-summary__close">
        <IconButton icon="close" label="Hide contact details" onClick={onClose} />
      </div>
      <div className="contact-summary__card">
        <Avatar name={contact?.name ?? ''} email={contact?.email ?? ''} src={contact?.avatar ?? null} size={56} />
        <h2 className="contact-summary__name">
          {contact ? (
            <Link to={contactPath(contact.id)} title="Open the contact’s page">
              {name}
            </Link>
          ) : (
            name
          )}
        </h2>
        {contact?.is_trusted && <Badge tone="success">Trusted</Badge>}
        {contact && !editing && (
          <div className="contact-edit__actions">
            <Button size="small" variant="ghost" onClick={() => setEditing(true)}>
              Edit contact
            </Button>
            <Button size="small" variant="ghost" onClick={() => setMerging(true)}>
              Merge…
            </Button>
          </div>
        )}
      </div>
      {contact && <MergeContactDialog contact={contact} open={merging} onClose={() => setMerging(false)} />}
      {contact && editing && <ContactEditForm key={contact.id} contact={contact} onDone={() => setEditing(false)} />}
      <dl className="contact-summary__facts">
        <div className="contact-summary__fact">
          <dt>
            <Icon name="mail" size={14} />
            <span className="visually-hidden">Email</span>
          </dt>
          <dd>
            {contact?.email ? (
              <a href={`mailto:${contact.email}`} title={contact.email}>
                {contact.email}
              </a>
            ) : (
              <span className="contact-summary__none">No email</span>
            )}
          </dd>
        </div>
        <div className="contact-summary__fact">
          <dt>
            <Icon name="building" size={14} />
            <span className="visually-hidden">Company</span>
          </dt>
          <dd>{contact?.company || <span className="contact-summary__none">No company</span>}</dd>
        </div>
      </dl>
      <div className="contact-summary__section">
        <h3 className="contact-summary__heading" id="contact-conversations">
          Conversations
          {data && <span className="contact-summary__count">{data.total}</span>}
        </h3>
        <ul className="contact-summary__conversations" aria-labelledby="contact-conversations">
          {data?.recent.map((other) => (
            <li key={other.id}>
              <Link
                to={rowPath(other.id)}
                className="contact-conversation"
                aria-current={other.id === conversation.id ? 'page' : undefined}
              >
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
        {data && data.total > data.recent.length && (
          <p className="contact-summary__more">and {data.total - data.recent.length} older</p>
        )}
      </div>
      <ContactArticles contactId={conversation.contact_id} now={now} />
      {contact && <CustomDataSection contact={contact} conversation={conversation} />}
      {contact && <BillingSection contact={contact} conversationId={conversation.id} />}
    </aside>
  );
}
