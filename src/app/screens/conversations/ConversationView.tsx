import { useCallback, useEffect, useRef, useState } from 'react';
import type { LocalMessage } from '../../../client-db/inbox-database';
import type { MutationInput } from '../../../client-db/outbox-row';
import type { Contact, Conversation } from '../../../protocol/documents';
import { useKeyboardRegistry } from '../../keyboard/keyboard-context';
import type { FocusTarget } from '../../keyboard/keyboard-context';
import { useTriageActions } from '../../keyboard/use-triage-actions';
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
  const { mutate, mutateTracked, undoSend } = useSyncActions();
  const triage = useTriageActions();
  const { registerConversation, record } = useKeyboardRegistry();
  const composerInput = useRef<HTMLTextAreaElement>(null);
  const tagInput = useRef<HTMLInputElement>(null);
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
      setDrafts((all) => ({ ...all, [kind]: '' }));
      void mutateTracked(mutation).then((outboxId) => {
        if (outboxId !== null && mutation.kind === 'reply') record({ kind: 'send', conversation_id: id, outbox_id: outboxId });
      });
    },
    [id, conversation.channel, mutateTracked, record],
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

  // The shortcuts r, n and t, and z for a held send of this conversation.
  useEffect(() => {
    const focus = (target: FocusTarget) => {
      if (target === 'tag') {
        tagInput.current?.focus();
        return;
      }
      setMode(target);
      composerInput.current?.focus();
    };
    return registerConversation({ id, backPath, focus, undoSend: onUndo });
  }, [id, backPath, registerConversation, onUndo]);

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
        tagInputRef={tagInput}
        onStatus={(status) => void triage.setStatus(conversation, status)}
        onAssign={(agentId) => void triage.assign(conversation, agentId)}
        onTag={(name) => void triage.addTag(conversation, name)}
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
        inputRef={composerInput}
      />
    </section>
  );
}
