import { useCallback, useRef, useState } from 'react';
import type { LocalMessage } from '../../../client-db/inbox-database';
import type { MutationInput } from '../../../client-db/outbox-row';
import type { Contact, Conversation } from '../../../protocol/documents';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { Composer } from './Composer';
import type { ComposerMode, Drafts } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import { Thread } from './Thread';
import { useMarkRead } from './use-mark-read';
import { useTagNames } from './use-tag-names';

type ViewProps = { conversation: Conversation; contact: Contact | undefined; backPath: string };

/**
 * One conversation: header, thread and composer. Every action is a mutation through the
 * worker, whose optimistic write shows it at once; nothing here is optimistic. Remount per id.
 */
export function ConversationView({ conversation, contact, backPath }: ViewProps) {
  const { agent } = useSignedIn();
  const { mutate, undoSend } = useSyncActions();
  const tagNames = useTagNames();
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [drafts, setDrafts] = useState<Drafts>({ reply: '', note: '' });
  const follow = useRef(false);
  const id = conversation.id;
  useMarkRead(conversation);

  const onSubmit = useCallback(
    (kind: ComposerMode, message: string) => {
      const mutation: MutationInput =
        kind === 'note'
          ? { kind: 'note', conversation_id: id, message }
          : conversation.channel === 'CHAT'
            ? { kind: 'reply', conversation_id: id, message, source: 'CHAT' }
            : { kind: 'reply', conversation_id: id, message };
      follow.current = true;
      mutate(mutation);
      setDrafts((all) => ({ ...all, [kind]: '' }));
    },
    [id, conversation.channel, mutate],
  );

  // §4 undo: the words come back to the composer (if it is empty), ready to be fixed.
  const onUndo = useCallback(
    (message: LocalMessage) => {
      undoSend(message.id);
      setDrafts((all) => (all.reply.trim() ? all : { ...all, reply: message.message }));
      setMode('reply');
    },
    [undoSend],
  );

  const onEditNote = useCallback(
    (note: LocalMessage, message: string) => mutate({ kind: 'edit-note', conversation_id: id, note_id: note.id, message }),
    [id, mutate],
  );
  const onDeleteNote = useCallback(
    (note: LocalMessage) => mutate({ kind: 'delete-note', conversation_id: id, note_id: note.id }),
    [id, mutate],
  );

  return (
    <section className="conversation-view" aria-label={conversation.subject || 'Conversation'}>
      <ConversationHeader
        conversation={conversation}
        contact={contact}
        tagNames={tagNames}
        myId={agent.id}
        backPath={backPath}
        onStatus={(status) => mutate({ kind: 'status', conversation_id: id, status })}
        onAssign={(agentId) => mutate({ kind: 'assign', conversation_id: id, agent_id: agentId })}
        onTag={(name) => mutate({ kind: 'tag', conversation_id: id, name })}
        onUntag={(slug) => mutate({ kind: 'untag', conversation_id: id, slug })}
      />
      <Thread conversationId={id} follow={follow} onUndo={onUndo} onEditNote={onEditNote} onDeleteNote={onDeleteNote} />
      <Composer
        mode={mode}
        drafts={drafts}
        contactName={contact?.name || contact?.email || 'the customer'}
        onModeChange={setMode}
        onDraftChange={(kind, text) => setDrafts((all) => ({ ...all, [kind]: text }))}
        onSubmit={onSubmit}
      />
    </section>
  );
}
