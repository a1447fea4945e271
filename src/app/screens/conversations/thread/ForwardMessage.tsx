import { useState } from 'react';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import { IconButton } from '../../../components/IconButton';
import { ForwardDialog } from './ForwardDialog';

/** "Forward by email" on one message of the thread. */
export function ForwardMessage({ message }: { message: LocalMessage }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton icon="forward" label="Forward by email" onClick={() => setOpen(true)} />
      <ForwardDialog open={open} onClose={() => setOpen(false)} conversationId={message.conversation_id} messageId={message.id} />
    </>
  );
}

/** A message the server has and that went out or came in: only those can be forwarded. */
export function forwardable(message: LocalMessage): boolean {
  return message.id.startsWith('m-') && (message.status === 'SENT' || message.status === 'RECEIVED') && !message.is_removed;
}
