import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';

type SpamDialogProps = {
  open: boolean;
  contactLabel: string;
  onClose: () => void;
  onConfirm: (block: boolean) => void;
};

/** The confirmation of "Mark as spam" (§7 `…/spam`), offering to block the contact too. */
export function SpamDialog({ open, contactLabel, onClose, onConfirm }: SpamDialogProps) {
  const [block, setBlock] = useState(false);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Mark as spam?"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="danger"
            onClick={() => {
              onConfirm(block);
              setBlock(false);
            }}
          >
            Mark as spam
          </Button>
        </>
      }
    >
      <p>The conversation is closed and tagged Spam.</p>
      <label className="checkbox spam-dialog__block">
        <input type="checkbox" checked={block} onChange={(event) => setBlock(event.target.checked)} />
        <span>
          Also block this contact
          <span className="spam-dialog__hint">New messages from {contactLabel} will not open conversations. You can unblock them under Blocked contacts.</span>
        </span>
      </label>
    </Modal>
  );
}
