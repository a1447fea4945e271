import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useAgentDirectory } from '../../session/agent-directory';
import { assignChoices } from './assign-choices';

type AssignMenuProps = {
  /** Who has it now (null: nobody; undefined: several conversations, possibly different). */
  current: number | null | undefined;
  myId: number;
  onAssign: (agentId: number | null) => void;
  /** The button's accessible name; without it, its content names it (which then starts with what it shows). */
  label?: string;
  children: ReactNode;
  className?: string;
};

/**
 * "Assign to…": a button opening a searchable list of teammates (the header's and the bulk
 * toolbar's). Typing filters by name or email, the first match is highlighted, Enter assigns;
 * Escape or a press outside closes it and gives the focus back to the button.
 */
export function AssignMenu({ current, myId, onAssign, label, children, className = 'btn btn--secondary btn--small' }: AssignMenuProps) {
  const id = useId();
  const directory = useAgentDirectory();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const choices = open ? assignChoices(query, directory.values(), myId, current ?? null) : [];
  const at = Math.min(active, choices.length - 1);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!popoverRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(0);
    buttonRef.current?.focus();
  };
  const pick = (index: number) => {
    const choice = choices[index];
    if (!choice) return;
    close();
    onAssign(choice.agentId);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at + step + choices.length) % Math.max(choices.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(at);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  }

  return (
    <div className="assign-menu">
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {children}
      </button>
      {open && (
        <div ref={popoverRef} className="assign-menu__popover" role="dialog" aria-label="Assign to">
          <input
            className="assign-menu__search"
            role="combobox"
            aria-label="Find a teammate"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={choices.length > 0 ? `${id}-option-${at}` : undefined}
            placeholder="Assign to…"
            autoComplete="off"
            // The menu opens to type in: the focus belongs in its field.
            autoFocus
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul id={`${id}-list`} role="listbox" aria-label="Teammates" className="assign-menu__list">
            {choices.map((choice, index) => (
              <li
                key={choice.agentId ?? 'nobody'}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === at}
                className={index === at ? 'assign-menu__option assign-menu__option--active' : 'assign-menu__option'}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(index);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="assign-menu__name">{choice.label}</span>
                <span className="assign-menu__hint">{choice.hint}</span>
              </li>
            ))}
            {choices.length === 0 && <li className="assign-menu__empty">No teammate matches</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
