import { useCallback, useEffect, useRef, useState } from 'react';
import type { LocalMessage } from '../../../client-db/inbox-database';
import type { MutationInput } from '../../../client-db/outbox-row';
import type { Contact, Conversation, Draft } from '../../../protocol/documents';
import { useKeyboardRegistry } from '../../keyboard/keyboard-context';
import type { FocusTarget } from '../../keyboard/keyboard-context';
import { useTriageActions } from '../../keyboard/use-triage-actions';
import { useToasts } from '../../components/Toasts';
import { activeTeammates, useAgentDirectory } from '../../session/agent-directory';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { Composer } from './Composer';
import { ComposerNotices } from './ComposerNotices';
import type { ComposerMode } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import { ShareDraftMenu } from './ShareDraftMenu';
import { SharedDrafts } from './SharedDrafts';
import { AttachButton, AttachedFiles } from './ReplyAttachments';
import { Thread } from './Thread';
import { useCollision } from './use-collision';
import { useComposerDrafts } from './use-composer-drafts';
import { useStoredDrafts } from './stored-drafts';
import { useMarkRead } from './use-mark-read';
import { useReplyAttachments } from './use-reply-attachments';
import { useTagNames } from './use-tag-names';
import { useViewingReport } from './use-viewing-report';

type ViewProps = { conversation: Conversation; contact: Contact | undefined; backPath: string };

/**
 * One conversation: header, thread and composer. Every action is a mutation through the
 * worker, whose optimistic write shows it at once; nothing here is optimistic. Remount per id.
 * It shows once the stored drafts are read (a few milliseconds), so the composer starts from them.
 */
export function ConversationView(props: ViewProps) {
  const stored = useStoredDrafts(props.conversation.id);
  if (stored === undefined) return <section className="conversation-view" aria-label={props.conversation.subject || 'Conversation'} />;
  return <ConversationPanel {...props} stored={stored} />;
}

function ConversationPanel({ conversation, contact, backPath, stored }: ViewProps & { stored: Draft[] }) {
  const { agent } = useSignedIn();
  const { mutate, mutateTracked, undoSend } = useSyncActions();
  const triage = useTriageActions();
  const { registerConversation, record } = useKeyboardRegistry();
  const composerInput = useRef<HTMLTextAreaElement>(null);
  const tagInput = useRef<HTMLInputElement>(null);
  const tagNames = useTagNames();
  const [mode, setMode] = useState<ComposerMode>('reply');
  const composerDrafts = useComposerDrafts(conversation.id, agent.id, stored);
  const { texts: drafts, draftId, sent, change: changeDraft, fillIfEmpty } = composerDrafts;
  const teammates = activeTeammates(useAgentDirectory(), agent.id);
  const { show } = useToasts();
  const follow = useRef(false);
  const id = conversation.id;
  useMarkRead(conversation);
  // §4 presence and collision: teammates see this view and the typing; what arrives while writing holds the next Send.
  useViewingReport(id, drafts.reply);
  const collision = useCollision(id, drafts.reply.trim() !== '', agent.id);
  // Files go with email replies only (the chat widget shows text).
  const replyFiles = useReplyAttachments();
  const { ready: readyFiles, clear: clearFiles } = replyFiles;

  const onSubmit = useCallback(
    (kind: ComposerMode, message: string) => {
      // The draft goes with the send (the worker deletes it in the same transaction).
      const draft_id = draftId(kind);
      const mutation: MutationInput =
        kind === 'note'
          ? { kind: 'note', conversation_id: id, message, draft_id }
          : conversation.channel === 'CHAT'
            ? { kind: 'reply', conversation_id: id, message, source: 'CHAT', draft_id }
            : { kind: 'reply', conversation_id: id, message, draft_id, ...(readyFiles.length > 0 ? { attachments: [...readyFiles] } : {}) };
      follow.current = true;
      sent(kind);
      if (kind === 'reply') clearFiles();
      void mutateTracked(mutation).then((outboxId) => {
        if (outboxId !== null && mutation.kind === 'reply') record({ kind: 'send', conversation_id: id, outbox_id: outboxId });
      });
    },
    [id, conversation.channel, mutateTracked, record, draftId, sent, readyFiles, clearFiles],
  );

  // §4 undo: the words come back to the composer (if it is empty), ready to be fixed.
  const onUndo = useCallback(
    (message: LocalMessage) => {
      undoSend(message.id);
      fillIfEmpty('reply', message.message);
      setMode('reply');
    },
    [undoSend, fillIfEmpty],
  );

  // A teammate's shared draft taken into one's own composer, ready to edit and send.
  const onUseShared = useCallback(
    (draft: Draft) => {
      const target: ComposerMode = draft.type === 'NOTE' ? 'note' : 'reply';
      changeDraft(target, draft.message);
      setMode(target);
      composerInput.current?.focus();
    },
    [changeDraft],
  );
  const ownDraft = composerDrafts.mine[mode];
  const onShare = useCallback(
    (teammate: { id: number; name: string }) => {
      mutate({ kind: 'share-draft', conversation_id: id, draft_id: draftId(mode), target_id: teammate.id });
      show({ tone: 'success', title: `Draft shared with ${teammate.name}`, body: 'They see it in this conversation, as you write it.' });
    },
    [mutate, id, draftId, mode, show],
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
      <ComposerNotices conversationId={id} myId={agent.id} contact={contact} collision={collision} />
      <SharedDrafts drafts={composerDrafts.shared} onUse={onUseShared} />
      <Composer
        mode={mode}
        drafts={drafts}
        contactName={contact?.name || contact?.email || 'the customer'}
        onModeChange={setMode}
        onDraftChange={changeDraft}
        onSubmit={(kind, message) => {
          if (kind === 'reply' && collision.holdSend()) return;
          onSubmit(kind, message);
        }}
        inputRef={composerInput}
        {...(conversation.channel === 'EMAIL'
          ? { files: { list: <AttachedFiles files={replyFiles} />, control: <AttachButton files={replyFiles} />, uploading: replyFiles.uploading } }
          : {})}
        share={
          <ShareDraftMenu
            teammates={teammates}
            sharedWith={ownDraft?.shared_with ?? []}
            disabled={!drafts[mode].trim()}
            onShare={onShare}
          />
        }
      />
    </section>
  );
}
