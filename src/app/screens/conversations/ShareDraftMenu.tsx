import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Avatar } from '../../components/Avatar';
import { Icon } from '../../components/Icon';
import type { AgentSummary } from '../../session/agent-directory';

type ShareDraftMenuProps = {
  teammates: readonly AgentSummary[];
  /** Who the draft is shared with already. */
  sharedWith: readonly number[];
  /** Nothing to share yet (no text). */
  disabled: boolean;
  onShare: (teammate: AgentSummary) => void;
};

/** "Share": a menu of teammates; picking one shows them the draft, live, in the conversation. */
export function ShareDraftMenu({ teammates, sharedWith, disabled, onShare }: ShareDraftMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      // The composer's Escape (back to the list) must not fire as well.
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  }

  const shared = teammates.filter((mate) => sharedWith.includes(mate.id));
  return (
    <div className="share-draft">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--ghost btn--small share-draft__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        title={disabled ? 'Write something to share it' : 'Share this draft with a teammate'}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="users" size={14} />
        <span className="btn__label">{shared.length > 0 ? `Shared with ${shared.map((mate) => mate.name).join(', ')}` : 'Share draft'}</span>
      </button>
      {open && (
        <div ref={menuRef} id={menuId} className="menu share-draft__menu" role="menu" aria-label="Share draft with" onKeyDown={onMenuKeyDown}>
          <p className="menu__header share-draft__header">{teammates.length > 0 ? 'Share this draft with' : 'No teammates to share with yet'}</p>
          {teammates.map((mate) => {
            const done = sharedWith.includes(mate.id);
            return (
              <button
                key={mate.id}
                type="button"
                role="menuitem"
                className="menu__item"
                aria-disabled={done || undefined}
                onClick={() => {
                  if (done) return;
                  onShare(mate);
                  close();
                }}
              >
                <Avatar name={mate.name} email={mate.email} src={mate.avatar} size={20} />
                <span className="share-draft__name">{mate.name}</span>
                {done && (
                  <span className="share-draft__done">
                    <Icon name="check" size={14} />
                    Shared
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
