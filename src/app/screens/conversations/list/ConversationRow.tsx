import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Contact, Conversation } from '../../../../protocol/documents';
import { Badge } from '../../../components/Badge';
import { Icon } from '../../../components/Icon';
import { conversationRowId } from '../../../keyboard/keyboard-context';
import { absoluteDateTime, shortRelativeTime } from '../../../format/relative-time';
import { AssigneeAvatar } from '../header/AssigneeAvatar';
import { previewState } from './conversation-preview';
import { isPlainClick } from '../../../routes/plain-click';
import { useInboxDb } from '../../../sync/sync-context';
import { prefetchThread } from '../thread/thread-prefetch';
import { STATUS_LABELS, STATUS_TONES } from '../status-labels';
import { TagList } from './TagList';

type RowProps = {
  conversation: Conversation;
  contact: Contact | undefined;
  tagNames: ReadonlyMap<string, string>;
  to: string;
  now: number;
  /** Its place in the virtual list: offset from the top (px), and 1-based position in the set. */
  top: number;
  position: number;
  /** The size of the set, or -1 while more rows can be loaded. */
  setSize: number;
  current?: boolean;
  fresh?: boolean;
  /** Leaving the list (§9: animates out over 1 s); not a member any more. */
  departing?: boolean;
  /** The keyboard selection (j/k). */
  selected?: boolean;
  /** Picked for a bulk action (x); `selecting` while any row is. */
  marked?: boolean;
  selecting?: boolean;
  /** Clicking the row's checkbox picks it (or drops it) instead of opening it. */
  onToggleMark?: (id: number) => void;
};

/**
 * One conversation in the list: who, what, the latest words, and where it stands. Rows have a
 * fixed height (--conv-row-height) and are placed by the virtual list; memoised, because a
 * scroll re-renders the list but rarely changes a row.
 */
export const ConversationRow = memo(function ConversationRow({
  conversation: c,
  contact,
  tagNames,
  to,
  now,
  top,
  position,
  setSize,
  current = false,
  fresh = false,
  departing = false,
  selected = false,
  marked = false,
  selecting = false,
  onToggleMark,
}: RowProps) {
  const db = useInboxDb();
  const classes = ['conv-row'];
  if (c.is_unread) classes.push('conv-row--unread');
  if (fresh) classes.push('conv-row--new');
  if (selected) classes.push('conv-row--selected');
  if (selecting) classes.push('conv-row--selecting');
  const style = { transform: `translateY(${top}px)` };
  if (departing) {
    // What it was, fading out in its place; not a member, so not announced nor reachable.
    return (
      <li className="conv-list__item conv-list__item--departing" style={style} aria-hidden="true" data-testid="conversation-row-departing">
        <div className={classes.join(' ')} inert>
          <RowContent conversation={c} contact={contact} tagNames={tagNames} now={now} />
        </div>
      </li>
    );
  }
  return (
    <li className="conv-list__item" style={style} aria-posinset={position} aria-setsize={setSize}>
      <Link
        to={to}
        state={previewState(c, contact)}
        id={conversationRowId(c.id)}
        className={classes.join(' ')}
        data-testid="conversation-row"
        data-selected={selected || undefined}
        data-marked={marked || undefined}
        aria-current={current ? 'page' : undefined}
        // The thread is read while the button is down (the conversation opens on the release), or
        // on a click without a press (Enter on the link): after a press, its read is kept.
        onPointerDown={(event) => isPlainClick(event) && prefetchThread(db, c.id, contact)}
        onClick={(event) => isPlainClick(event) && prefetchThread(db, c.id, contact)}
      >
        <span className="conv-row__dot" aria-hidden="true" />
        {selecting && (
          <span
            className={marked ? 'conv-row__check conv-row__check--on' : 'conv-row__check'}
            aria-hidden="true"
            data-testid="conversation-row-check"
            onClick={(event) => {
              // A click on the checkbox picks the row; it does not follow the link.
              event.preventDefault();
              event.stopPropagation();
              onToggleMark?.(c.id);
            }}
          >
            {marked && <Icon name="check" size={12} />}
          </span>
        )}
        {marked && <span className="visually-hidden">Selected. </span>}
        {c.is_unread && <span className="visually-hidden">Unread. </span>}
        <RowContent conversation={c} contact={contact} tagNames={tagNames} now={now} />
      </Link>
    </li>
  );
});

type ContentProps = Pick<RowProps, 'contact' | 'tagNames' | 'now'> & { conversation: Conversation };

function RowContent({ conversation: c, contact, tagNames, now }: ContentProps) {
  return (
    <>
      <span className="conv-row__contact">
        <span className="conv-row__name">{contact?.name || contact?.email || (c.id < 0 ? c.recipients[0]?.from : undefined) || 'Unknown contact'}</span>
        {contact?.name && contact.email && <span className="conv-row__email">{contact.email}</span>}
      </span>
      <span className="conv-row__main">
        <span className="conv-row__subject">
          <Icon name={c.channel === 'CHAT' ? 'chat' : 'mail'} size={13} />
          <span className="conv-row__subject-text">{c.subject || '(no subject)'}</span>
        </span>
        <span className="conv-row__preview">{c.last_update}</span>
      </span>
      <TagList slugs={c.tags} names={tagNames} />
      <span className="conv-row__state">
        <Badge tone={STATUS_TONES[c.status]}>{STATUS_LABELS[c.status]}</Badge>
        <AssigneeAvatar agentId={c.agent_id} />
      </span>
      <time className="conv-row__time" dateTime={new Date(c.last_update_ts).toISOString()} title={absoluteDateTime(c.last_update_ts)}>
        {shortRelativeTime(c.last_update_ts, now)}
      </time>
    </>
  );
}
