import { useCallback, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, ReactNode, RefObject } from 'react';
import type { Contact } from '../../../../protocol/documents';
import { templateValues } from '../../../../protocol/snippets/snippet-template';
import { Icon } from '../../../components/Icon';
import { useSignedIn } from '../../../session/signed-in-context';
import { useSnippetLibrary } from '../../snippets/use-snippet-library';
import { SnippetPicker, type PickerKeys } from '../snippet-picker/SnippetPicker';
import { hashTrigger } from '../snippet-picker/snippet-search';
import type { SnippetField } from './snippet-field';

/** What the conversation gives the composer's snippets: whose variables they fill. */
export type SnippetContext = { contact: Contact | undefined; conversationId: number };

export type ComposerSnippets = {
  /** The picker, while open (rendered in the composer's box). */
  picker: ReactNode;
  /** The composer's Snippets button. */
  button: ReactNode;
  /**
   * Tells it the field's text changed: a `#` typed at the start of a word opens the picker, which
   * then follows the word. `typed`: the text typed, when the change was typing (not a paste, a
   * deletion or an edit of the field's own).
   */
  onTextInput: (typed?: string) => void;
  /** The field's keys while the picker follows a typed `#word` (arrows, Enter, Escape); true when used. */
  onKeyDown: (event: KeyboardEvent | ReactKeyboardEvent) => boolean;
  open: () => void;
  /** The picker is open (following a `#word`, searching, or asking for a snippet's blanks): the reply cannot be sent meanwhile. */
  editing: boolean;
};

type Open = { typed: boolean; query: string };

/**
 * The adapter between the snippet picker (snippet-picker/SnippetPicker.tsx, which knows no
 * editor) and the composer's field (snippet-field.ts: the text box or the email editor): a `#`
 * typed at the start of a word opens the picker on the word being typed (the field keeps the
 * focus and hands it its keys); the button and the palette open it with its own search. It
 * inserts at the caret, replacing the `#word`; the draft around it stays.
 */
export function useComposerSnippets(field: RefObject<SnippetField | null>, focusField: () => void, { contact, conversationId }: SnippetContext): ComposerSnippets {
  const { agent, organization } = useSignedIn();
  // Read while the conversation is open, so the picker opens on it at once (and updates live).
  const library = useSnippetLibrary();
  const [opened, setOpened] = useState<Open | null>(null);
  const caret = useRef({ start: 0, end: 0 });
  const lastBefore = useRef('');
  const keys = useRef<PickerKeys | null>(null);

  const open = useCallback(() => {
    const at = field.current?.caret();
    if (at) caret.current = { start: at.start, end: at.end };
    setOpened({ typed: false, query: '' });
  }, [field]);

  const close = useCallback(() => {
    setOpened(null);
    focusField();
  }, [focusField]);

  const insert = useCallback(
    (snippet: string, replaceBefore: number) => {
      field.current?.insert(snippet, caret.current, replaceBefore);
    },
    [field],
  );

  const onTextInput = useCallback((typed?: string) => {
    const at = field.current?.caret();
    if (!at) return;
    const previous = lastBefore.current;
    lastBefore.current = at.before;
    const trigger = hashTrigger(at.before);
    // A `#` just typed, also over a selection it replaced. Without word of what was typed, the
    // text before the caret grew by that `#` (not a caret moved, or deleted back, to a `#word`).
    const typedHash = at.before.endsWith('#') && (typed !== undefined ? typed.endsWith('#') : at.before.length === previous.length + 1);
    setOpened((now) => {
      if (now && !now.typed) return now;
      if (!trigger || (!now && !typedHash)) return null;
      caret.current = { start: at.start, end: at.end };
      return { typed: true, query: trigger.query };
    });
  }, [field]);

  const onKeyDown = useCallback((event: KeyboardEvent | ReactKeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !keys.current) return false;
    if ('nativeEvent' in event ? event.nativeEvent.isComposing : event.isComposing) return false;
    if (!keys.current(event.key)) return false;
    event.preventDefault();
    return true;
  }, []);

  const values = templateValues({ contact: contact ?? null, agent, conversationId, organizationName: organization.name });
  return {
    picker: opened && (
      <SnippetPicker
        library={library}
        {...(opened.typed ? { typed: { query: opened.query, keys } } : {})}
        insert={insert}
        values={values}
        format="text"
        onClose={close}
      />
    ),
    button: (
      <button
        type="button"
        className="btn btn--ghost btn--small composer__snippets"
        title="Insert a snippet (#)"
        aria-expanded={opened !== null}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => (opened ? close() : open())}
      >
        <Icon name="note" size={14} />
        <span className="btn__label" aria-hidden="true">
          Snippets
        </span>
        <span className="visually-hidden">Insert a snippet</span>
      </button>
    ),
    onTextInput,
    onKeyDown,
    open,
    editing: opened !== null,
  };
}
