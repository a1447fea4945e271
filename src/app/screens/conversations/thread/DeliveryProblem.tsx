import type { LocalMessage } from '../../../../client-db/inbox-database';
import { parseMessageWireId } from '../../../../protocol/documents';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { useSyncActions } from '../../../sync/use-sync-actions';
import type { DeliveryProblem as Problem } from './message-labels';

type DeliveryProblemProps = {
  message: LocalMessage;
  problem: Problem;
  /** This agent wrote it: only they may send it again (the server checks it too). */
  mine: boolean;
  sender: string;
};

/**
 * Under a reply, what became of its delivery. Not delivered (FAILED on the server, with the
 * reason): its author gets Retry, a registered mutation (offline-capable, shown at once as on its
 * way, rolled back with the server's reason if the cause is still there); a teammate sees who can
 * retry. A refusal of the request itself ("Not sent") and a retry still under way stay a line.
 */
export function DeliveryProblem({ message, problem, mine, sender }: DeliveryProblemProps) {
  const { mutate } = useSyncActions();
  const retryable = problem.failed && message.status === 'FAILED' && Boolean(message.delivery_error) && parseMessageWireId(message.id)?.type === 'MESSAGE';
  if (!retryable) {
    return (
      <div className={problem.failed ? 'entry__failure' : 'entry__failure entry__failure--retrying'} role={problem.failed ? 'alert' : 'status'}>
        <Icon name="alert" size={14} />
        <span>{problem.text}</span>
      </div>
    );
  }
  return (
    <div className="not-delivered" role="alert" data-testid="not-delivered">
      <Icon name="alert" size={14} />
      <span className="not-delivered__text">
        {problem.text}
        {!mine && <> Only {sender} can retry it.</>}
      </span>
      {mine && (
        <Button size="small" variant="secondary" onClick={() => mutate({ kind: 'retry', conversation_id: message.conversation_id, message_id: message.id })}>
          Retry
        </Button>
      )}
    </div>
  );
}
