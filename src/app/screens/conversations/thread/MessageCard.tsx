import type { LocalMessage } from '../../../../client-db/inbox-database';
import { API_ERRORS } from '../../../../protocol/api/api-errors';
import { Icon } from '../../../components/Icon';
import { absoluteDateTime, longRelativeTime } from '../../../format/relative-time';
import { Attachments } from './Attachments';
import { EmailBody } from './EmailBody';
import { EntryHeader } from './EntryHeader';
import { FormattedReply } from './FormattedReply';
import type { Author } from './EntryHeader';
import { DeliveryProblem } from './DeliveryProblem';
import { AUTO_KIND_LABELS, deliveryProblem } from './message-labels';
import { PendingSend } from './PendingSend';
import { ForwardMessage, forwardable } from './ForwardMessage';
import { SplitFromHere } from './SplitFromHere';

type MessageCardProps = {
  message: LocalMessage;
  author: Author;
  /** This agent wrote it (or it is this browser's unsaved copy). */
  mine: boolean;
  fromContact: boolean;
  failure: string | undefined;
  now: number;
  className: string;
  onUndo: (message: LocalMessage) => void;
  /** Offer "Split from here" (a saved message with an entry before it). */
  splittable?: boolean;
};

/** A message of the thread: the contact's, or an agent's reply with its delivery state (§4). */
export function MessageCard({ message, author, mine, fromContact, failure, now, className, onUndo, splittable = false }: MessageCardProps) {
  if (message.status === 'CANCELLED') return <CancelledTrace message={message} now={now} />;
  const classes = ['entry', 'message', fromContact ? 'message--contact' : 'message--agent', className];
  if (message.status === 'FAILED') classes.push('message--failed');
  if (message.is_removed) classes.push('entry--removing');
  const label = fromContact ? null : <span className="entry__verb">{message.status === 'FAILED' ? 'tried to reply' : 'replied'}</span>;
  const automatic = message.auto_kind ? <span className="entry__auto">{AUTO_KIND_LABELS[message.auto_kind]}</span> : null;
  const problem = deliveryProblem(message, failure);
  const actions =
    splittable || forwardable(message) ? (
      <>
        {forwardable(message) && <ForwardMessage message={message} />}
        {splittable && <SplitFromHere message={message} />}
      </>
    ) : undefined;
  return (
    <article className={classes.filter(Boolean).join(' ')} data-testid="message" data-entry-id={message.id} aria-label={`Message from ${author.name || author.email}`}>
      <EntryHeader author={author} ts={message.timestamp_ts} now={now} label={<>{label}{automatic}</>} actions={actions} />
      {message.html && !fromContact ? (
        // Written in our editor: shown in the thread's own DOM, received mail in its frame.
        <FormattedReply html={message.html} attachments={message.attachments} />
      ) : message.html ? (
        <EmailBody html={message.html} text={message.message} attachments={message.attachments} from={author.name || author.email} />
      ) : (
        <div className="entry__body">{message.message}</div>
      )}
      <Attachments attachments={message.attachments} />
      {message.status === 'PENDING' && !message.is_removed && <PendingSend message={message} mine={mine} sender={author.name || author.email} onUndo={onUndo} />}
      {message.status === 'SENT' && message.undo_requested_at !== undefined && (
        // The server sent it before the undo could reach it: say so before the undo's refusal arrives.
        <div className="entry__failure" role="alert" data-testid="undo-too-late">
          <Icon name="alert" size={14} />
          <span>{API_ERRORS.messageAlreadySent}</span>
        </div>
      )}
      {problem && <DeliveryProblem message={message} problem={problem} mine={mine} sender={author.name || author.email} />}
    </article>
  );
}

/**
 * What is left of a reply its author undid (§4): one quiet line, shown to the author only (the
 * thread leaves teammates' cancelled replies out); its words went back to the composer.
 */
function CancelledTrace({ message, now }: { message: LocalMessage; now: number }) {
  const ts = message.timestamp_ts;
  return (
    <p className="entry cancelled-trace" data-testid="cancelled-reply" data-entry-id={message.id}>
      <Icon name="undo" size={14} />
      <span>
        You cancelled a reply{' '}
        <time dateTime={new Date(ts).toISOString()} title={absoluteDateTime(ts)}>
          {longRelativeTime(ts, now)}
        </time>
      </span>
    </p>
  );
}
