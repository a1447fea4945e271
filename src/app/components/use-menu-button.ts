import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { floatMenu } from './menu-placement';
import type { KeyboardEvent } from 'react';

/**
 * The behaviour of a button that opens a menu (WAI-ARIA menu button): the first enabled item
 * takes the focus on opening; arrows move between items; Escape closes and gives the focus back
 * to the button without reaching the screen's own Escape (back to the list); Tab or a press
 * outside closes it. The menu floats above every pane, next to its button and inside the window
 * (menu-placement.ts).
 */
export function useMenuButton() {
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

  useLayoutEffect(() => {
    const menu = menuRef.current;
    const button = buttonRef.current;
    if (!open || !menu || !button) return;
    const unfloat = floatMenu(menu, button);
    return () => {
      unfloat();
      // An item that opened a dialog took the focus with it when the menu went: the button has it
      // back, so that the dialog gives it back there when it closes.
      const focused = document.activeElement;
      if (button.isConnected && (focused === null || focused === document.body)) button.focus();
    };
  }, [open]);

  /** Closes the menu and puts the focus back on its button. */
  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  }

  /** Props for the button that opens the menu. */
  const buttonProps = {
    ref: buttonRef,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => setOpen((value) => !value),
  };
  /** Props for the element with role="menu". */
  const menuProps = { ref: menuRef, id: menuId, role: 'menu' as const, onKeyDown: onMenuKeyDown };
  return { open, setOpen, close, buttonProps, menuProps };
}
