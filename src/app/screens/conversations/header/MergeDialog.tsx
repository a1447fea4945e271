import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Conversation } from '../../../../protocol/documents';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { longRelativeTime } from '../../../format/relative-time';
import { useSignedIn } from '../../../session/signed-in-context';
import { useInboxDb } from '../../../sync/sync-context';
import { STATUS_LABELS } from '../status-labels';
import { useSyncActions } from '../../../sync/use-sync-actions';

type MergeDialogProps = { open: boolean; onClose: () => void; conversation: Conversation; contactLabel: string };

const NO_CONVERSATIONS: Conversation[] = [];

/**
 * "Merge into…" (§7 `…/merge`): pick another conversation of the same contact; this one's
 * messages and notes join its thread by time, this one is gone (its address opens the other),
 * and the other opens.
 */
export function MergeDialog({ open, onClose, conversation, contactLabel }: MergeDialogProps) {
  const db = useInboxDb();
  const { slug } = useSignedIn();
  const { mutate } = useSyncActions();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<number | null>(null);
  const others = useLiveQuery(
    async () =>
      (await db.conversations.where('contact_id').equals(conversation.contact_id).toArray())
        .filter((other) => other.id !== conversation.id)
        .sort((a, b) => b.last_update_ts - a.last_update_ts),
    [db, conversation.contact_id, conversation.id],
    NO_CONVERSATIONS,
  );

  function close() {
    setChosen(null);
    onClose();
  }

  function merge() {
    if (chosen === null) return;
    mutate({ kind: 'merge', conversation_id: conversation.id, into: chosen });
    close();
    void navigate(`/${slug}/conversations/view/${chosen}`);
  }

  const now = Date.now();
  return (
    <Modal
      open={open}
      onClose={close}
      title="Merge into another conversation"
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" disabled={chosen === null} onClick={merge}>
            Merge
          </Button>
        </>
      }
    >
      {others.length === 0 ? (
        <p>{contactLabel} has no other conversation to merge this one into.</p>
      ) : (
        <fieldset className="merge-dialog">
          <legend>Every message and note of this conversation moves into the one you pick, in order of time. This one is then gone; its link opens the other.</legend>
          {others.map((other) => (
            <label key={other.id} className="merge-dialog__choice">
              <input type="radio" name="merge-into" checked={chosen === other.id} onChange={() => setChosen(other.id)} />
              <span className="merge-dialog__subject">{other.subject || '(no subject)'}</span>
              <span className="merge-dialog__meta">
                #{other.id} · {STATUS_LABELS[other.status]} · {longRelativeTime(other.last_update_ts, now)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}
