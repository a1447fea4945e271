import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, ReactNode, RefObject } from 'react';
import { mentionText, mentionTrigger } from '../../../../protocol/notifications/note-mentions';
import { Avatar } from '../../../components/Avatar';
import type { AgentSummary } from '../../../session/agent-directory';
import { mentionChoices } from './mention-choices';
import type { SnippetField } from './snippet-field';

export type ComposerMentions = {
  /** The teammate list, while an `@word` is being typed. */
  picker: ReactNode;
  /** Tells it the note's text changed: `@` at the start of a word opens the list, which follows the word. */
  onTextInput: () => void;
  /** Arrows, Enter or Tab (insert), Escape (close) while the list is open; true when used. */
  onKeyDown: (event: ReactKeyboardEvent) => boolean;
  /** The text box's combobox attributes, so a screen reader follows the highlighted teammate. */
  inputProps: { 'aria-autocomplete'?: 'list'; 'aria-controls'?: string; 'aria-activedescendant'?: string; 'aria-expanded'?: boolean };
};

type Open = { query: string; start: number; end: number; active: number };

/**
 * The teammate picker of the note box (keyboard first): typing `@` at the start of a word lists
 * the active teammates, narrowed as the word grows; ↑/↓ move, Enter or Tab writes `@Name ` in
 * place of the word, Escape closes. The note's mentions are read from its text when it is sent
 * (note-mentions.ts), so a mention typed in full works as well as one picked.
 */
export function useComposerMentions(field: RefObject<SnippetField | null>, teammates: readonly AgentSummary[], enabled: boolean): ComposerMentions {
  const id = useId();
  const [opened, setOpened] = useState<Open | null>(null);
  const lastBefore = useRef('');
  const query = opened?.query ?? null;
  const choices = useMemo(() => (query === null ? [] : mentionChoices(teammates, query)), [teammates, query]);
  const active = opened ? Math.min(opened.active, Math.max(0, choices.length - 1)) : 0;

  const insert = useCallback(
    (teammate: AgentSummary) => {
      if (!opened) return;
      field.current?.insert(`${mentionText(teammate)} `, { start: opened.start, end: opened.end }, opened.query.length + 1);
      setOpened(null);
    },
    [field, opened],
  );

  const onTextInput = useCallback(() => {
    if (!enabled) return;
    const at = field.current?.caret();
    if (!at) return;
    const previous = lastBefore.current;
    lastBefore.current = at.before;
    const trigger = mentionTrigger(at.before);
    const typedAt = at.before.length === previous.length + 1 && at.before.endsWith('@');
    setOpened((now) => {
      if (!trigger || (!now && !typedAt)) return null;
      return { query: trigger.query, start: at.start, end: at.end, active: now && now.query === trigger.query ? now.active : 0 };
    });
  }, [field, enabled]);

  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent) => {
      if (!opened || event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return false;
      const move = (by: number) => setOpened({ ...opened, active: choices.length === 0 ? 0 : (active + by + choices.length) % choices.length });
      switch (event.key) {
        case 'ArrowDown':
          move(1);
          break;
        case 'ArrowUp':
          move(-1);
          break;
        case 'Enter':
        case 'Tab': {
          const chosen = choices[active];
          if (!chosen) return false;
          insert(chosen);
          break;
        }
        case 'Escape':
          setOpened(null);
          break;
        default:
          return false;
      }
      event.preventDefault();
      event.stopPropagation();
      return true;
    },
    [opened, choices, active, insert],
  );

  const listId = `${id}-mentions`;
  const optionId = (index: number) => `${id}-mention-${index}`;
  return {
    picker: opened && (
      <div className="mention-picker" data-testid="mention-picker">
        <ul className="mention-picker__list" id={listId} role="listbox" aria-label="Mention a teammate">
          {choices.map((teammate, index) => (
            <li
              key={teammate.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="mention-picker__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(teammate)}
            >
              <Avatar name={teammate.name} email={teammate.email} src={teammate.avatar} size={22} />
              <span className="mention-picker__name">{teammate.name}</span>
              <span className="mention-picker__email">{teammate.email}</span>
            </li>
          ))}
          {choices.length === 0 && <li className="mention-picker__empty">No teammate matches “{opened.query}”.</li>}
        </ul>
        <p className="mention-picker__hint" aria-hidden="true">
          <kbd>↑</kbd>
          <kbd>↓</kbd> to choose, <kbd>Enter</kbd> to mention, <kbd>Esc</kbd> to close
        </p>
      </div>
    ),
    onTextInput,
    onKeyDown,
    inputProps: opened
      ? {
          'aria-autocomplete': 'list',
          'aria-controls': listId,
          'aria-expanded': true,
          ...(choices[active] ? { 'aria-activedescendant': optionId(active) } : {}),
        }
      : {},
  };
}
