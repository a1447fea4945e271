import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LocalMessage } from '../../../client-db/inbox-database';
import type { Contact, Conversation, Draft } from '../../../protocol/documents';
import { MAX_NOTE_MENTIONS } from '../../../protocol/api/conversation-requests';
import { mentionsIn } from '../../../protocol/notifications/note-mentions';
import { useKeyboardRegistry } from '../../keyboard/keyboard-context';
import type { FocusTarget } from '../../keyboard/keyboard-context';
import { useTriageActions } from '../../keyboard/use-triage-actions';
import { useToasts } from '../../components/Toasts';
import { activeTeammates, useAgentDirectory } from '../../session/agent-directory';
import { useSignedIn } from '../../session/signed-in-context';
import { useOverlaidConversation, withTypedTagNames } from '../../sync/conversation-overlay';
import { useSyncActions } from '../../sync/use-sync-actions';
import { Composer } from './composer/Composer';
import { ComposerNotices } from './composer/ComposerNotices';
import type { Composed, ComposerInput, ComposerMode } from './composer/Composer';
import { CopyFields, NO_COPIES, type Copies } from './composer/CopyFields';
import { sendMutation } from './composer/reply-mutation';
import { editorContentOf, withoutSignature } from './composer/rich-text';
import type { SendAfter } from './composer/SendButton';
import { useEditorImages } from './composer/use-editor-images';
import { useReplyCopies } from './composer/use-reply-copies';
import { ConversationHeader } from './header/ConversationHeader';
import { ShareDraftMenu } from './composer/ShareDraftMenu';
import { SharedDrafts } from './composer/SharedDrafts';
import { AttachButton, AttachedFiles } from './composer/ReplyAttachments';
import { Thread } from './thread/Thread';
import { useCollision } from './composer/use-collision';
import { useComposerDrafts } from './composer/use-composer-drafts';
import { useStoredDrafts } from './composer/stored-drafts';
import { useMarkRead } from './use-mark-read';
import { useReplyAttachments } from './composer/use-reply-attachments';
import { useTagNames } from './use-tag-names';
import { useViewingReport } from './use-viewing-report';

type ViewProps = { conversation: Conversation; contact: Contact | undefined; backPath: string };

/**
 * One conversation: header, thread and composer. Every action is a mutation through the
 * worker, whose optimistic write shows it at once; only the header's status, assignee and the
 * tags added are shown before that write is read back (conversation-overlay.ts). Remount per id.
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
  const composerInput = useRef<ComposerInput>(null);
  const tagInput = useRef<HTMLInputElement>(null);
  const tagNames = useTagNames();
  const [mode, setMode] = useState<ComposerMode>('reply');
  const composerDrafts = useComposerDrafts(conversation.id, agent.id, stored);
  const { texts: drafts, draftId, sent, change: changeDraft, fillIfEmpty } = composerDrafts;
  const directory = useAgentDirectory();
  const teammates = useMemo(() => activeTeammates(directory, agent.id), [directory, agent.id]);
  const { show } = useToasts();
  const follow = useRef(false);
  const submitting = useRef(new Set<ComposerMode>());
  const id = conversation.id;
  // The status, assignee and tags just set, before the worker's write is read back.
  const shown = useOverlaidConversation(conversation);
  const snippetContext = useMemo(() => ({ contact, conversationId: id }), [contact, id]);
  useMarkRead(conversation);
  // §4 presence and collision: teammates see this view and the typing; what arrives while writing holds the next Send.
  useViewingReport(id, drafts.reply);
  const collision = useCollision(id, drafts.reply.trim() !== '', agent.id);
  // Files go with email replies (the chat widget shows text) and with notes.
  const replyFiles = useReplyAttachments();
  const noteFiles = useReplyAttachments();
  const isEmail = conversation.channel === 'EMAIL';
  const signature = isEmail ? (agent.signature ?? '') : '';
  const images = useEditorImages();
  const replyCopies = useReplyCopies(conversation, contact, composerDrafts.mine.reply);
  const { copies, setCopies: showCopies, setOpen: setCopiesOpen } = replyCopies;
  const { changeCopies } = composerDrafts;
  // Copies are kept with the reply's draft, so they survive a reload, another tab and going offline.
  const setCopies = useCallback(
    (next: Copies) => {
      showCopies(next);
      changeCopies(next);
    },
    [showCopies, changeCopies],
  );

  const onSubmit = useCallback(
    (kind: ComposerMode, message: Composed, after: SendAfter) => {
      const files = kind === 'note' ? noteFiles : replyFiles;
      // The draft goes with the send (the worker deletes it in the same transaction).
      const mutation = sendMutation({ conversation, mode: kind, message, draftId: draftId(kind), files: files.ready, copies, signature, teammates });
      // One send of a composer at a time: the words stay until the worker has recorded it.
      if (submitting.current.has(kind)) return;
      submitting.current.add(kind);
      follow.current = true;
      void mutateTracked(mutation).then((outboxId) => {
        submitting.current.delete(kind);
        // Not recorded (the toast says why): the words stay in the composer, nothing was sent.
        if (outboxId === null) return;
        // Durable in IndexedDB now, even if the elected tab that took it dies: the composer empties.
        sent(kind);
        files.clear();
        if (kind === 'reply') showCopies(NO_COPIES);
        if (mutation.kind === 'reply') record({ kind: 'send', conversation_id: id, outbox_id: outboxId });
        // Behind the reply in the conversation's lane: sent first, then the status.
        if (after !== null) void triage.setStatus(conversation, after);
      });
    },
    [id, conversation, mutateTracked, record, draftId, sent, replyFiles, noteFiles, copies, showCopies, signature, triage, teammates],
  );

  // §4 undo: the words come back to the composer (if it is empty), ready to be fixed, formatting and copies included.
  const onUndo = useCallback(
    (message: LocalMessage) => {
      undoSend(message.id);
      const body = message.html ? editorContentOf(withoutSignature(message.html, signature)) : withoutSignature(message.message, signature);
      // The copies first, so the draft the words come back to is saved with them.
      if (message.cc?.length || message.bcc?.length) {
        setCopies({ cc: message.cc ?? [], bcc: message.bcc ?? [] });
        setCopiesOpen(true);
      }
      fillIfEmpty('reply', body);
      setMode('reply');
    },
    [undoSend, fillIfEmpty, signature, setCopies, setCopiesOpen],
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
      if (target === 'snippet') {
        composerInput.current?.focus();
        composerInput.current?.openSnippets?.();
        return;
      }
      // The picker takes the focus itself (its search field).
      if (target === 'article') {
        composerInput.current?.openArticles?.();
        return;
      }
      setMode(target);
      composerInput.current?.focus();
    };
    return registerConversation({ id, backPath, focus, undoSend: onUndo });
  }, [id, backPath, registerConversation, onUndo]);

  const onEditNote = useCallback(
    (note: LocalMessage, message: string) =>
      mutate({ kind: 'edit-note', conversation_id: id, note_id: note.id, message, mentions: mentionsIn(message, teammates).slice(0, MAX_NOTE_MENTIONS) }),
    [id, mutate, teammates],
  );
  const onDeleteNote = useCallback(
    (note: LocalMessage) => mutate({ kind: 'delete-note', conversation_id: id, note_id: note.id }),
    [id, mutate],
  );
  // The stored names, and those typed in this tab for tags not stored yet (a chip shown at once).
  const shownTagNames = withTypedTagNames(tagNames);

  return (
    <section className="conversation-view" aria-label={conversation.subject || 'Conversation'}>
      <ConversationHeader
        conversation={shown}
        contact={contact}
        tagNames={shownTagNames}
        myId={agent.id}
        backPath={backPath}
        tagInputRef={tagInput}
        onStatus={(status) => void triage.setStatus(shown, status)}
        onAssign={(agentId) => void triage.assign(shown, agentId)}
        onSnooze={(until) => void triage.snooze(conversation, until)}
        onTag={(name) => void triage.addTag(conversation, name, shownTagNames)}
        onUntag={(slug) => void triage.removeTag(conversation, slug, shownTagNames)}
      />
      <Thread conversationId={id} contact={contact} follow={follow} onUndo={onUndo} onEditNote={onEditNote} onDeleteNote={onDeleteNote} />
      <ComposerNotices conversation={conversation} myId={agent.id} contact={contact} collision={collision} />
      <SharedDrafts drafts={composerDrafts.shared} onUse={onUseShared} />
      <Composer
        mode={mode}
        drafts={drafts}
        contactName={contact?.name || contact?.email || 'the customer'}
        onModeChange={setMode}
        onDraftChange={changeDraft}
        onSubmit={(kind, message, after) => {
          if (kind === 'reply' && collision.holdSend()) return;
          onSubmit(kind, message, after);
        }}
        inputRef={composerInput}
        snippetContext={snippetContext}
        teammates={teammates}
        files={{
          note: { list: <AttachedFiles files={noteFiles} />, control: <AttachButton files={noteFiles} what="note" />, uploading: noteFiles.uploading },
          ...(isEmail ? { reply: { list: <AttachedFiles files={replyFiles} />, control: <AttachButton files={replyFiles} what="reply" />, uploading: replyFiles.uploading } } : {}),
        }}
        {...(isEmail
          ? {
              email: {
                copies: <CopyFields copies={copies} standing={replyCopies.standing} open={replyCopies.open} onOpen={() => setCopiesOpen(true)} onChange={setCopies} />,
                signature,
                images,
              },
            }
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
