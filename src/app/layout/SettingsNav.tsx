import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Icon } from '../components/Icon';

/**
 * The sidebar's settings links. In the sidebar they are a section of their own; where the
 * sidebar becomes a top bar (tablets, 1024 px, phones) they are behind a "Settings" menu, so
 * every section stays one tap away instead of being cut off the end of a scrolling strip.
 */
export function SettingsNav({ children }: { children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <nav
      ref={ref}
      className="sidebar__settings"
      aria-label="Settings"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <p className="sidebar__section" aria-hidden="true">
        Settings
      </p>
      <button type="button" className="nav-link sidebar__settings-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        <Icon name="settings" />
        Settings
      </button>
      <div id={id} className="sidebar__settings-list" data-open={open}>
        {children}
      </div>
    </nav>
  );
}
