import { useId } from 'react';
import type { FormEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { isSubmitShortcut } from './submit-shortcut';

export type ComposerMode = 'reply' | 'note';
export type Drafts = Record<ComposerMode, string>;

const MODES = {
  reply: { tab: 'Reply', label: 'Reply', submit: 'Send reply', icon: 'send' },
  note: { tab: 'Note', label: 'Note', submit: 'Add note', icon: 'note' },
} as const;

type ComposerProps = {
  mode: ComposerMode;
  drafts: Drafts;
  contactName: string;
  onModeChange: (mode: ComposerMode) => void;
  onDraftChange: (mode: ComposerMode, text: string) => void;
  onSubmit: (mode: ComposerMode, text: string) => void;
  /** The text field, for the r and n shortcuts. */
  inputRef?: Ref<HTMLTextAreaElement>;
  /** Beside the send button: the draft's Share control. */
  share?: ReactNode;
  /** Replies only: the attached files (under the text), the Attach control, and whether an upload still runs (Send waits). */
  files?: { list: ReactNode; control: ReactNode; uploading: boolean };
};

const MOD_KEY = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** The composer docked under the thread: a reply to the contact, or a note for the team. */
export function Composer({ mode, drafts, contactName, onModeChange, onDraftChange, onSubmit, inputRef, share, files }: ComposerProps) {
  const id = useId();
  const text = drafts[mode];
  const { label, submit, icon } = MODES[mode];
  const replyFiles = mode === 'reply' ? files : undefined;

  function send(event?: FormEvent) {
    event?.preventDefault();
    const message = text.trim();
    if (message && replyFiles?.uploading !== true) onSubmit(mode, message);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isSubmitShortcut(event)) {
      event.preventDefault();
      send();
    }
  }

  return (
    <form className={`composer composer--${mode}`} onSubmit={send}>
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
        <label className="visually-hidden" htmlFor={`${id}-text`}>
          {label}
        </label>
        <textarea
          ref={inputRef}
          id={`${id}-text`}
          className="composer__input"
          value={text}
          rows={3}
          placeholder={mode === 'reply' ? `Reply to ${contactName}…` : 'Write a note only your team can see…'}
          onChange={(event) => onDraftChange(mode, event.target.value)}
          onKeyDown={onKeyDown}
        />
        {replyFiles?.list}
        <div className="composer__footer">
          <span className="composer__hint">
            {mode === 'note' ? 'Only your team sees notes. ' : ''}
            <kbd>{MOD_KEY}</kbd>+<kbd>Enter</kbd> to {mode === 'reply' ? 'send' : 'add'}
          </span>
          <div className="composer__actions">
            {replyFiles?.control}
            {share}
            <Button type="submit" variant="primary" size="small" disabled={!text.trim() || replyFiles?.uploading === true} icon={<Icon name={icon} size={14} />}>
              {submit}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
