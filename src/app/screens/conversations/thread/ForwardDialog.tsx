import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { useToasts } from '../../../components/Toasts';
import { useSyncActions } from '../../../sync/use-sync-actions';
import { AddressField } from '../composer/AddressField';

type ForwardDialogProps = {
  open: boolean;
  onClose: () => void;
  conversationId: number;
  /** One message to forward; the whole conversation without it. */
  messageId?: string;
};

const NOTE_MAX_CHARS = 10_000;

/**
 * "Forward by email" (§7 `…/forward`): one or more addresses (contacts suggested as typed) and
 * an optional note. The server sends the quoted messages from the conversation's support
 * address and leaves a note in the thread; until then a pending note says it is on its way.
 */
export function ForwardDialog({ open, onClose, conversationId, messageId }: ForwardDialogProps) {
  const { mutate } = useSyncActions();
  const { show } = useToasts();
  const [to, setTo] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const noteId = useId();

  function close() {
    setTo([]);
    setNote('');
    setMissing(false);
    onClose();
  }

  function forward() {
    // An address typed but not yet taken became a chip on the field's blur, before this click.
    if (to.length === 0) {
      setMissing(true);
      return;
    }
    const trimmed = note.trim();
    mutate({ kind: 'forward', conversation_id: conversationId, to, ...(trimmed ? { note: trimmed } : {}), ...(messageId ? { message_id: messageId } : {}) });
    show({ tone: 'success', title: `Forwarding to ${to.join(', ')}` });
    close();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={messageId ? 'Forward this message' : 'Forward this conversation'}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" onClick={forward}>
            Forward
          </Button>
        </>
      }
    >
      <div className="forward-dialog">
        <AddressField
          label="To"
          addresses={to}
          standing={[]}
          onChange={(addresses) => {
            setTo(addresses);
            setMissing(false);
          }}
        />
        {missing && (
          <p className="address-field__problem" role="alert">
            Add at least one address to forward to.
          </p>
        )}
        <div className="field">
          <div className="field__label-row">
            <label className="field__label" htmlFor={noteId}>
              Note (optional)
            </label>
          </div>
          <div className="field__control">
            <textarea
              id={noteId}
              className="field__input field__textarea"
              rows={3}
              maxLength={NOTE_MAX_CHARS}
              value={note}
              placeholder="Add a few words above the forwarded messages"
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        </div>
        <p className="forward-dialog__hint">
          {messageId ? 'The message goes' : 'Every message of the conversation goes'} quoted, with its files, from the conversation’s support address. Internal notes stay
          here.
        </p>
      </div>
    </Modal>
  );
}
