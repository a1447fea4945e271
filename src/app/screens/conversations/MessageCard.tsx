import type { LocalMessage } from '../../../client-db/inbox-database';
import { Badge } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import { Attachments } from './Attachments';
import { EntryHeader } from './EntryHeader';
import type { Author } from './EntryHeader';
import { PendingSend } from './PendingSend';

type MessageCardProps = {
  message: LocalMessage;
  author: Author;
  fromContact: boolean;
  failure: string | undefined;
  now: number;
  className: string;
  onUndo: (message: LocalMessage) => void;
};

/** A message of the thread: the contact's, or an agent's reply with its delivery state (§4). */
export function MessageCard({ message, author, fromContact, failure, now, className, onUndo }: MessageCardProps) {
  const classes = ['entry', 'message', fromContact ? 'message--contact' : 'message--agent', className];
  if (message.status === 'CANCELLED') classes.push('message--cancelled');
  if (message.status === 'FAILED') classes.push('message--failed');
  if (message.is_removed) classes.push('entry--removing');
  const label =
    message.status === 'CANCELLED' ? (
      <Badge>Cancelled</Badge>
    ) : fromContact ? null : (
      <span className="entry__verb">replied</span>
    );
  return (
    <article className={classes.filter(Boolean).join(' ')} data-testid="message" aria-label={`Message from ${author.name || author.email}`}>
      <EntryHeader author={author} ts={message.timestamp_ts} now={now} label={label} />
      <div className="entry__body">{message.message}</div>
      <Attachments attachments={message.attachments} />
      {message.status === 'PENDING' && !message.is_removed && <PendingSend message={message} onUndo={onUndo} />}
      {message.status === 'FAILED' && (
        <div className="entry__failure" role="alert">
          <Icon name="alert" size={14} />
          <span>Not sent: {failure ?? 'the message could not be delivered.'}</span>
        </div>
      )}
    </article>
  );
}
