import { Link } from 'react-router-dom';
import type { Ref } from 'react';
import type { Contact, Conversation, ConversationStatus } from '../../../../protocol/documents';
import { CONVERSATION_STATUSES } from '../../../../protocol/documents';
import { Icon } from '../../../components/Icon';
import { Select } from '../../../components/Select';
import { Badge } from '../../../components/Badge';
import { Spinner } from '../../../components/Spinner';
import { AssigneeControl } from './AssigneeControl';
import { ContactPresenceBadge } from './ContactPresenceBadge';
import { ConversationMenu } from './ConversationMenu';
import { RecipientsBar } from './RecipientsBar';
import { SnoozeMenu } from './SnoozeMenu';
import { STATUS_LABELS } from '../status-labels';
import { TagEditor } from './TagEditor';
import { useSplitFollow } from './use-split-follow';
import { ViewerList } from './ViewerList';

const STATUS_OPTIONS = CONVERSATION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

type HeaderProps = {
  conversation: Conversation;
  contact: Contact | undefined;
  tagNames: ReadonlyMap<string, string>;
  myId: number;
  backPath: string;
  onStatus: (status: ConversationStatus) => void;
  onAssign: (agentId: number | null) => void;
  onSnooze: (until: number | null) => void;
  onTag: (name: string) => void;
  onUntag: (slug: string) => void;
  tagInputRef?: Ref<HTMLInputElement>;
};

/** The conversation's subject and contact, and its controls: status, assignee, more actions, tags, recipients. */
export function ConversationHeader({ conversation: c, contact, tagNames, myId, backPath, tagInputRef, ...actions }: HeaderProps) {
  const splitting = useSplitFollow(c.id);
  return (
    <header className={`conv-header conv-header--${c.status.toLowerCase()}`}>
      <div className="conv-header__row">
        <Link to={backPath} className="btn btn--ghost btn--small btn--icon conv-header__back" title="Back to conversations">
          <Icon name="arrowLeft" />
          <span className="visually-hidden">Back to conversations</span>
        </Link>
        <div className="conv-header__titles">
          <h1 className="conv-header__subject">{c.subject || '(no subject)'}</h1>
          <p className="conv-header__contact">
            <Icon name={c.channel === 'CHAT' ? 'chat' : 'mail'} size={13} />
            <span className="conv-header__contact-name">{contact?.name || contact?.email || 'Unknown contact'}</span>
            {contact?.name && contact.email && <span className="conv-header__email">{contact.email}</span>}
            {contact?.is_blocked === true && <Badge tone="warning">Blocked</Badge>}
            <ContactPresenceBadge contactId={c.contact_id} />
            <span className="conv-header__id">#{c.id}</span>
          </p>
        </div>
        <div className="conv-header__controls">
          {/* A slot of its own: a teammate's avatar arriving moves nothing else. */}
          <div className="conv-header__viewers">
            <ViewerList conversationId={c.id} myId={myId} />
          </div>
          <Select
            label="Status"
            hideLabel
            name="status"
            className={`status-select status-select--${c.status.toLowerCase()}`}
            options={STATUS_OPTIONS}
            value={c.status}
            onChange={(event) => {
              const status = CONVERSATION_STATUSES.find((s) => s === event.target.value);
              if (status && status !== c.status) actions.onStatus(status);
            }}
          />
          <SnoozeMenu snoozedUntil={c.snoozed_until ?? null} onSnooze={actions.onSnooze} />
          <AssigneeControl agentId={c.agent_id} myId={myId} onAssign={actions.onAssign} />
        </div>
        <ConversationMenu conversation={c} contact={contact} backPath={backPath} />
      </div>
      <TagEditor slugs={c.tags} names={tagNames} onTag={actions.onTag} onUntag={actions.onUntag} inputRef={tagInputRef} />
      {c.channel === 'EMAIL' && <RecipientsBar conversation={c} />}
      {splitting && (
        <p className="conv-header__note" role="status">
          <Spinner /> Splitting into a new conversation…
        </p>
      )}
    </header>
  );
}
