import type { LocalMessage } from '../../../../client-db/inbox-database';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { canUndoSend, heldSendText, UNDO_CONFIRM_WAIT_MS, UNDO_NOT_CONFIRMED } from '../../../format/countdown';
import { useNow } from '../../../hooks/use-now';
import { useBrowserOnline } from '../../../sync/use-connection';

type PendingSendProps = {
  message: LocalMessage;
  /** The agent who sent it is this one: only they may undo it (§4). */
  mine: boolean;
  /** Who is sending, for a teammate's view. */
  sender: string;
  onUndo: (message: LocalMessage) => void;
};

/**
 * A held send (§4). Its author sees "Sending in 8 s" and Undo while the delay runs, then
 * "Sending…"; after Undo, "Undoing…" until the server confirms it, or, when it does not answer
 * at once, "Undo not confirmed: the reply may be sent". A teammate sees who is sending, without Undo.
 */
export function PendingSend({ message, mine, sender, onUndo }: PendingSendProps) {
  const online = useBrowserOnline();
  const { deliver_at: deliverAt, undo_requested_at: undoAt } = message;
  // Ticks until the delay ends, or, once undone, until the undo is called unconfirmed.
  const now = useNow(250, undoAt === undefined ? deliverAt : undoAt + UNDO_CONFIRM_WAIT_MS);
  const undoable = mine && undoAt === undefined && canUndoSend(deliverAt, now);
  const text = heldSendText({ deliverAt, undoAt, now, online, sender: mine ? null : sender });

  return (
    <div className={text === UNDO_NOT_CONFIRMED ? 'pending-send pending-send--unconfirmed' : 'pending-send'} data-testid="pending-send" role="status">
      <Icon name={text === UNDO_NOT_CONFIRMED ? 'alert' : 'clock'} size={14} />
      <span className="pending-send__text">{text}</span>
      {undoable && (
        <Button size="small" variant="secondary" onClick={() => onUndo(message)}>
          Undo
        </Button>
      )}
    </div>
  );
}
