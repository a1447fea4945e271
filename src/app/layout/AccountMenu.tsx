import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../components/Avatar';
import { Icon } from '../components/Icon';
import { useSignedIn } from '../session/signed-in-context';

/** The agent's avatar at the foot of the sidebar, opening a menu: account settings, sign out. */
export function AccountMenu() {
  const { slug, agent, signOut } = useSignedIn();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
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
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="account-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${agent.name}`}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={agent.name} email={agent.email} src={agent.avatar} size={30} />
        <span className="account-button__text">
          <span className="account-button__name">{agent.name}</span>
          <span className="account-button__email">{agent.email}</span>
        </span>
      </button>
      {open && (
        <div ref={menuRef} id={menuId} className="menu" role="menu" aria-label="Account" onKeyDown={onMenuKeyDown}>
          <Link role="menuitem" className="menu__item" to={`/${slug}/account/general`} onClick={() => setOpen(false)}>
            <Icon name="user" />
            Account settings
          </Link>
          <Link role="menuitem" className="menu__item" to={`/${slug}/account/security`} onClick={() => setOpen(false)}>
            <Icon name="lock" />
            Password and security
          </Link>
          <button
            role="menuitem"
            type="button"
            className="menu__item"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
          >
            <Icon name="logout" />
            Sign out
          </button>
        </div>
      )}
    </>
  );
}
