import { useEffect, useEffectEvent } from 'react';
import { resolveShortcut } from './keymap';
import type { KeyTarget, ShortcutAction } from './keymap';

const NOT_TYPING_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** Where a key went: typing (fields, contenteditable), a control that handles Enter, or else. */
function keyTarget(target: EventTarget | null): KeyTarget {
  if (!(target instanceof HTMLElement)) return 'other';
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return 'text';
  if (target instanceof HTMLInputElement) return NOT_TYPING_INPUTS.has(target.type) ? 'control' : 'text';
  if (target instanceof HTMLAnchorElement || target instanceof HTMLButtonElement || target.tagName === 'SUMMARY') return 'control';
  return 'other';
}

/** The one keydown listener of the app: resolves each key press and hands the action on. */
export function useShortcuts(onAction: (action: ShortcutAction) => void): void {
  const handle = useEffectEvent(onAction);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // A field that used the key itself (the tag field's Enter, the composer's mod+Enter).
      if (event.defaultPrevented) return;
      const action = resolveShortcut({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
        isComposing: event.isComposing,
        target: keyTarget(event.target),
        overlayOpen: document.querySelector('dialog[open]') !== null,
      });
      if (!action) return;
      event.preventDefault();
      handle(action);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
