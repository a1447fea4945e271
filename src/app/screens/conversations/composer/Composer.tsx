import { flushSync } from 'react-dom';
import { Suspense, lazy, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import { withoutControlCharacters } from '../../../../protocol/api/text-fields';
import { unfilledFields } from '../../../../protocol/snippets/snippet-template';
import { useComposerArticles } from './composer-articles';
import { useComposerSnippets, type SnippetContext } from './composer-snippets';
import { useComposerMentions } from './composer-mentions';
import type { AgentSummary } from '../../../session/agent-directory';
import type { RichEditorHandle, RichEditorProps } from './RichEditor';
import type { SnippetField } from './snippet-field';
import { htmlToPlainText, isEditorHtml, textToEditorHtml } from './rich-text';
import { SendButton } from './SendButton';
import type { SendAfter } from './SendButton';
import { isSubmitShortcut } from './submit-shortcut';
import { useToastClearance } from '../../../components/use-toast-clearance';

export type ComposerMode = 'reply' | 'note';
export type Drafts = Record<ComposerMode, string>;
/** The composer's text field, for the r and n shortcuts; and its snippet picker, for the palette. */
export type ComposerInput = { focus: () => void; openSnippets?: () => void; openArticles?: () => void };
/** What the agent wrote: its plain text, and for an email reply its formatted body. */
export type Composed = { text: string; html?: string };

// The email editor is the largest part of the conversation screen: loaded when a reply to an email is first shown.
const RichEditor = lazy(() => import('./RichEditor'));

const MODES = {
  reply: { tab: 'Reply', label: 'Reply', submit: 'Send reply', icon: 'send' },
  note: { tab: 'Note', label: 'Note', submit: 'Add note', icon: 'note' },
} as const;

/** A slot for a mode's files: the list under the text, the Attach control, and whether an upload still runs (Send waits). */
export type FilesSlot = { list: ReactNode; control: ReactNode; uploading: boolean };

type ComposerProps = {
  mode: ComposerMode;
  drafts: Drafts;
  contactName: string;
  onModeChange: (mode: ComposerMode) => void;
  onDraftChange: (mode: ComposerMode, text: string) => void;
  onSubmit: (mode: ComposerMode, message: Composed, after: SendAfter) => void;
  inputRef?: Ref<ComposerInput>;
  /** Beside the send button: the draft's Share control. */
  share?: ReactNode;
  files?: Partial<Record<ComposerMode, FilesSlot>>;
  /** An email conversation: replies are formatted (the editor), with copies and the agent's signature. */
  email?: {
    copies: ReactNode;
    signature: string;
    images: Pick<RichEditorProps, 'uploadImage' | 'loadImage'>;
  };
  /** Whose variables the snippets fill (composer-snippets.tsx); without it, no snippets. */
  snippetContext: SnippetContext;
  /** Who a note can @mention (composer-mentions.tsx). */
  teammates: readonly AgentSummary[];
};

const MOD_KEY = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** The draft as what is sent, or null when there is nothing to send. */
function composedOf(draft: string, rich: boolean): Composed | null {
  if (!rich) {
    const text = draft.trim();
    return text ? { text } : null;
  }
  // The editor keeps an empty paragraph under a list or an image: not sent.
  const html = (isEditorHtml(draft) ? draft : textToEditorHtml(draft)).replace(/(<p><\/p>)+$/, '');
  const text = htmlToPlainText(html);
  return text ? { text, html } : null;
}

/** The composer docked under the thread: a reply to the contact, or a note for the team. */
export function Composer({ mode, drafts, contactName, onModeChange, onDraftChange, onSubmit, inputRef, share, files, email, snippetContext, teammates }: ComposerProps) {
  const id = useId();
  const draft = drafts[mode];
  const { label, submit } = MODES[mode];
  const rich = mode === 'reply' && email !== undefined;
  const modeFiles = files?.[mode];
  const [imagesUploading, setImagesUploading] = useState(0);
  const busy = modeFiles?.uploading === true || (rich && imagesUploading > 0);
  const composed = composedOf(draft, rich);
  // A snippet's blank left empty ({{?Order number}}) must never reach the customer.
  const unfilled = unfilledFields(composed?.text ?? '');
  const canSend = composed !== null && !busy && unfilled.length === 0;

  const textarea = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<RichEditorHandle>(null);
  const form = useRef<HTMLFormElement>(null);
  useToastClearance(form);
  // The field the snippet picker reads and writes: the editor's, or the text box's.
  const latestDraft = useRef({ draft, mode, onDraftChange });
  latestDraft.current = { draft, mode, onDraftChange };
  const field = useRef<SnippetField | null>(null);
  // The editor's field is read when used, not when the composer last rendered: the editor mounts
  // after it (lazily, a frame later), and a `#` typed before the composer rendered again was lost.
  field.current = rich
    ? { caret: () => editor.current?.field.caret() ?? null, insert: (...args) => editor.current?.field.insert(...args) }
    : {
        caret: () => {
          const box = textarea.current;
          if (!box) return null;
          const after = box.value.slice(box.selectionEnd);
          return { start: box.selectionStart, end: box.selectionEnd, before: box.value.slice(0, box.selectionStart), after: after.split('\n', 1)[0] ?? '' };
        },
        insert: (snippet, range, replaceBefore) => {
          const { draft: current, mode: at, onDraftChange: change } = latestDraft.current;
          const start = Math.min(range.start, current.length);
          const from = Math.max(0, start - replaceBefore);
          const end = Math.max(start, Math.min(range.end, current.length));
          const next = current.slice(0, from) + snippet + current.slice(end);
          const caret = from + snippet.length;
          // The box shows the new text before the next key is handled, so that the caret can be
          // put after the insert at once: set a frame later, it would move back keys typed meanwhile.
          flushSync(() => change(at, next));
          const placeCaret = () => {
            const box = textarea.current;
            if (!box || box.value !== next) return;
            box.focus();
            box.setSelectionRange(caret, caret);
          };
          if (textarea.current?.value === next) placeCaret();
          else requestAnimationFrame(placeCaret);
        },
      };
  // A focus asked for (r, n, a shared draft taken) lands once the field of the mode is there, the editor perhaps still loading.
  const [focusWanted, setFocusWanted] = useState(0);
  const [editorReady, setEditorReady] = useState(0);
  // The editor mounts a frame after the conversation, so the thread paints without waiting for it.
  const [editorShown, setEditorShown] = useState(false);
  useEffect(() => {
    if (!rich || editorShown) return;
    const frame = requestAnimationFrame(() => setEditorShown(true));
    return () => cancelAnimationFrame(frame);
  }, [rich, editorShown]);
  const snippets = useComposerSnippets(field, () => setFocusWanted((count) => count + 1), snippetContext);
  // What the picker still edits (a `#word`, a snippet's blanks) is not the reply yet: never sent.
  const sendable = canSend && !snippets.editing;
  const mentions = useComposerMentions(field, teammates, mode === 'note' && !rich);
  const openSnippets = snippets.open;
  const articles = useComposerArticles(field, () => setFocusWanted((count) => count + 1));
  const openArticles = articles.open;
  useImperativeHandle(inputRef, () => ({ focus: () => setFocusWanted((count) => count + 1), openSnippets, openArticles }), [openSnippets, openArticles]);
  useEffect(() => {
    if (focusWanted === 0) return;
    const field = rich ? editor.current : textarea.current;
    field?.focus();
  }, [focusWanted, rich, editorReady, mode]);

  function send(after: SendAfter, event?: FormEvent) {
    event?.preventDefault();
    if (composed && sendable) onSubmit(mode, composed, after);
  }
  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (mentions.onKeyDown(event)) return;
    if (snippets.onKeyDown(event)) return;
    if (isSubmitShortcut(event)) {
      event.preventDefault();
      send(null);
    }
  }

  const placeholder = mode === 'reply' ? `Reply to ${contactName}…` : 'Write a note only your team can see… (@ to mention a teammate)';
  return (
    <form ref={form} className={`composer composer--${mode}`} onSubmit={(event) => send(null, event)}>
      <div className="composer__tabs" role="tablist" aria-label="Compose">
        {(['reply', 'note'] as const).map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`${id}-${item}`}
            aria-selected={item === mode}
            aria-controls={`${id}-text`}
            className="composer__tab"
            onClick={() => onModeChange(item)}
          >
            {MODES[item].tab}
          </button>
        ))}
      </div>
      <div className="composer__box">
        {rich && email.copies}
        {rich && !editorShown ? (
          <div className="composer__input composer__loading" aria-busy="true" />
        ) : rich ? (
          <Suspense fallback={<div className="composer__input composer__loading" aria-busy="true" />}>
            <RichEditorReady onReady={() => setEditorReady((count) => count + 1)}>
              <RichEditor
                id={`${id}-text`}
                label={label}
                placeholder={placeholder}
                value={draft}
                onChange={(html) => onDraftChange('reply', html)}
                onSubmit={() => latestSend.current(null)}
                onUploading={setImagesUploading}
                inputRef={editor}
                onTextInput={snippets.onTextInput}
                onKey={snippets.onKeyDown}
                {...email.images}
              />
            </RichEditorReady>
          </Suspense>
        ) : (
          <>
            <label className="visually-hidden" htmlFor={`${id}-text`}>
              {label}
            </label>
            <textarea
              ref={textarea}
              id={`${id}-text`}
              className="composer__input"
              value={draft}
              rows={3}
              placeholder={placeholder}
              onChange={(event) => {
                onDraftChange(mode, withoutControlCharacters(event.target.value, 'multi'));
                const input = event.nativeEvent as InputEvent;
                snippets.onTextInput(input.inputType === 'insertText' ? (input.data ?? undefined) : undefined);
                mentions.onTextInput();
              }}
              onKeyDown={onKeyDown}
              {...(mode === 'note' ? mentions.inputProps : {})}
            />
          </>
        )}
        {rich && email.signature.trim() !== '' && (
          <div className="composer__signature" aria-label="Your signature, added under the reply">
            <span className="composer__signature-mark">--</span>
            {email.signature}
          </div>
        )}
        {snippets.picker}
        {mode === 'note' && mentions.picker}
        {articles.picker}
        {modeFiles?.list}
        {snippets.editing && composed !== null && (
          <p className="composer__guard" role="status">
            Insert the snippet or close the picker (Escape) before sending.
          </p>
        )}
        {unfilled.length > 0 && (
          <p className="composer__unfilled" role="alert">
            Fill in {unfilled.map((blank) => `“${blank}”`).join(', ')} before sending.
          </p>
        )}
        <div className="composer__footer">
          <span className="composer__hint">
            {mode === 'note' ? 'Only your team sees notes. ' : ''}
            <kbd>{MOD_KEY}</kbd>+<kbd>Enter</kbd> to {mode === 'reply' ? 'send' : 'add'}
          </span>
          <div className="composer__actions">
            {snippets.button}
            {articles.button}
            {modeFiles?.control}
            {share}
            <SendButton label={submit} icon={MODES[mode].icon} disabled={!sendable} withStatus={mode === 'reply'} onSend={(after) => send(after)} />
          </div>
        </div>
      </div>
    </form>
  );
}

/** Tells the composer the lazily loaded editor is there (its children rendered), so a pending focus can land. */
function RichEditorReady({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  const ready = useRef(onReady);
  useEffect(() => ready.current(), []);
  return <>{children}</>;
}
