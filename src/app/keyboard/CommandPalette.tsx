import { useEffect, useId, useReducer, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, SyntheticEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Conversation } from '../../protocol/documents';
import { Icon } from '../components/Icon';
import type { ConversationFilter } from '../screens/conversation-filter';
import { PaletteOption } from './PaletteOption';
import { Keys } from './ShortcutHelp';
import { flattenSections, paletteItems, rankItems } from './palette-items';
import type { PaletteItem } from './palette-items';
import { INITIAL_PALETTE, canRun, escapeCloses, paletteReducer, processingId } from './palette-state';
import type { PaletteScope } from './palette-state';
import { usePaletteData } from './use-palette-data';
import { useTriageActions } from './use-triage-actions';

const PLACEHOLDERS: Record<PaletteScope, string> = {
  root: 'Type a command, a conversation, a tag or a teammate…',
  assign: 'Assign to…',
  tag: 'Add a tag, or type a new one…',
};
const SCOPE_LABELS: Record<PaletteScope, string> = { root: '', assign: 'Assign to', tag: 'Add tag' };

type PaletteProps = {
  target: Conversation | undefined;
  filter: ConversationFilter;
  /** Opens the open conversation's snippet picker; absent when no conversation is open. */
  onInsertSnippet?: (() => void) | undefined;
  onInsertArticle?: (() => void) | undefined;
  onClose: () => void;
};

/** mod+k: a search field over commands, with a second step for "Assign to…" and "Add tag…". */
export function CommandPalette({ target, filter, onInsertSnippet, onInsertArticle, onClose }: PaletteProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const processing = useRef<string | null>(null);
  const [state, dispatch] = useReducer(paletteReducer, INITIAL_PALETTE);
  const data = { ...usePaletteData(target, filter), composerOpen: onInsertSnippet !== undefined };
  const navigate = useNavigate();
  const triage = useTriageActions();
  const sections = rankItems(paletteItems(state.scope, data, state.query), state.query);
  const flat = flattenSections(sections);
  const active = flat[Math.min(state.active, flat.length - 1)];
  const optionId = (item: PaletteItem) => `${id}-${item.id}`;
  const activeId = active ? optionId(active) : undefined;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, []);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  async function run(item: PaletteItem) {
    // A ref, not only state: two Enters can arrive before React renders in between.
    if (processing.current !== null || !canRun(state)) return;
    const command = item.command;
    if (command.type === 'scope') {
      dispatch({ type: 'scope', scope: command.scope });
      return;
    }
    const hash = processingId(state.scope, item.id);
    processing.current = hash;
    dispatch({ type: 'processing', id: hash });
    try {
      if (command.type === 'navigate') await navigate(command.to);
      else if (target && command.type === 'assign') await triage.assign(target, command.agentId);
      else if (target && command.type === 'status') await triage.setStatus(target, command.status);
      else if (target && command.type === 'tag') await triage.addTag(target, command.name, new Map(data.tags.map((tag) => [tag.slug, tag.name])));
    } finally {
      processing.current = null;
    }
    onClose();
    // After the palette gave focus back, so that the picker keeps it.
    if (command.type === 'insert-snippet') requestAnimationFrame(() => onInsertSnippet?.());
    if (command.type === 'insert-article') requestAnimationFrame(() => onInsertArticle?.());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      dispatch({ type: 'move', delta: event.key === 'ArrowDown' ? 1 : -1, count: flat.length });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active) void run(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (escapeCloses(state)) onClose();
      else dispatch({ type: 'back' });
    } else if (event.key === 'Backspace' && state.query === '' && state.scope !== 'root') {
      dispatch({ type: 'back' });
    }
  }

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onClose();
  }

  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog ref={ref} className="palette" aria-label="Command palette" aria-busy={state.processing !== null} onCancel={onCancel} onClose={onClose} onClick={onClick}>
      <div className="palette__search">
        <Icon name="search" size={16} />
        {state.scope !== 'root' && <span className="palette__scope">{SCOPE_LABELS[state.scope]}</span>}
        <label className="visually-hidden" htmlFor={`${id}-input`}>
          Command
        </label>
        <input
          id={`${id}-input`}
          className="palette__input"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          placeholder={PLACEHOLDERS[state.scope]}
          value={state.query}
          onChange={(event) => dispatch({ type: 'query', query: event.target.value })}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="palette__list" id={`${id}-list`} role="listbox" aria-label={state.scope === 'root' ? 'Commands' : SCOPE_LABELS[state.scope]}>
        {sections.map((section) => (
          <div key={section.group} className="palette__group" role="group" aria-labelledby={`${id}-${section.group}`}>
            <div className="palette__group-label" id={`${id}-${section.group}`}>
              {section.group}
            </div>
            {section.items.map((item) => (
              <PaletteOption
                key={item.id}
                id={optionId(item)}
                item={item}
                active={item === active}
                onHover={() => dispatch({ type: 'hover', index: flat.indexOf(item) })}
                onRun={() => void run(item)}
              />
            ))}
          </div>
        ))}
        {flat.length === 0 && <p className="palette__empty">Nothing matches “{state.query.trim()}”.</p>}
      </div>
      <footer className="palette__footer" aria-hidden="true">
        <span>
          <Keys keys={['↑', '↓']} /> move
        </span>
        <span>
          <Keys keys={['↵']} /> run
        </span>
        <span>
          <Keys keys={['Esc']} /> {state.scope === 'root' ? 'close' : 'back'}
        </span>
      </footer>
    </dialog>
  );
}
