import type { LocalMessage } from '../../../client-db/inbox-database';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { canUndoSend, sendCountdown } from '../../format/countdown';
import { useNow } from '../../hooks/use-now';
import { useBrowserOnline } from '../../sync/use-connection';

/** A held send (§4): "Sending in 8 s" and Undo while its delay runs, then "Sending…". */
export function PendingSend({ message, onUndo }: { message: LocalMessage; onUndo: (message: LocalMessage) => void }) {
  const online = useBrowserOnline();
  const { deliver_at: deliverAt } = message;
  const now = useNow(250, deliverAt);
  const undoable = canUndoSend(deliverAt, now);
  let text = deliverAt === null ? 'Sending…' : sendCountdown(deliverAt, now);
  if (!online && !undoable) text = "Waiting for the connection to send";

  return (
    <div className="pending-send" data-testid="pending-send">
      <Icon name="clock" size={14} />
      <span className="pending-send__text">{text}</span>
      {undoable && (
        <Button size="small" variant="secondary" onClick={() => onUndo(message)}>
          Undo
        </Button>
      )}
    </div>
  );
}
