import type { LocalMessage } from '../../../client-db/inbox-database';
import { Badge } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import { Attachments } from './Attachments';
import { EmailBody } from './EmailBody';
import { EntryHeader } from './EntryHeader';
import type { Author } from './EntryHeader';
import { AUTO_KIND_LABELS, deliveryProblem } from './message-labels';
import { PendingSend } from './PendingSend';
import { SplitFromHere } from './SplitFromHere';

type MessageCardProps = {
  message: LocalMessage;
  author: Author;
  fromContact: boolean;
  failure: string | undefined;
  now: number;
  className: string;
  onUndo: (message: LocalMessage) => void;
  /** Offer "Split from here" (a saved message with an entry before it). */
  splittable?: boolean;
};

/** A message of the thread: the contact's, or an agent's reply with its delivery state (§4). */
export function MessageCard({ message, author, fromContact, failure, now, className, onUndo, splittable = false }: MessageCardProps) {
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
  const automatic = message.auto_kind ? <span className="entry__auto">{AUTO_KIND_LABELS[message.auto_kind]}</span> : null;
  const problem = deliveryProblem(message, failure);
  return (
    <article className={classes.filter(Boolean).join(' ')} data-testid="message" data-entry-id={message.id} aria-label={`Message from ${author.name || author.email}`}>
      <EntryHeader author={author} ts={message.timestamp_ts} now={now} label={<>{label}{automatic}</>} actions={splittable ? <SplitFromHere message={message} /> : undefined} />
      {message.html ? (
        <EmailBody html={message.html} text={message.message} attachments={message.attachments} from={author.name || author.email} />
      ) : (
        <div className="entry__body">{message.message}</div>
      )}
      <Attachments attachments={message.attachments} />
      {message.status === 'PENDING' && !message.is_removed && <PendingSend message={message} onUndo={onUndo} />}
      {problem && (
        <div className={problem.failed ? 'entry__failure' : 'entry__failure entry__failure--retrying'} role={problem.failed ? 'alert' : 'status'}>
          <Icon name="alert" size={14} />
          <span>{problem.text}</span>
        </div>
      )}
    </article>
  );
}
