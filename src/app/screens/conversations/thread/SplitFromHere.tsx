import { useState } from 'react';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import { Button } from '../../../components/Button';
import { IconButton } from '../../../components/IconButton';
import { Modal } from '../../../components/Modal';
import { useSyncActions } from '../../../sync/use-sync-actions';

/**
 * "Split from here" on a message (§7 `…/split`): after a confirmation, this message and every
 * later one move to a new conversation. They leave the thread at once; the header follows the
 * split to the new conversation once the server has made it (useSplitFollow).
 */
export function SplitFromHere({ message }: { message: LocalMessage }) {
  const { mutate } = useSyncActions();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <IconButton icon="split" label="Split from here" onClick={() => setConfirming(true)} />
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Split into a new conversation?"
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button
              variant="primary"
              onClick={() => {
                setConfirming(false);
                mutate({ kind: 'split', conversation_id: message.conversation_id, message_id: message.id });
              }}
            >
              Split conversation
            </Button>
          </>
        }
      >
        <p>This message and everything after it move to a new open conversation with the same contact and subject. Earlier messages stay here.</p>
      </Modal>
    </>
  );
}
