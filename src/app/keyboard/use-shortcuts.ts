import { useEffect, useEffectEvent } from 'react';
import type { Command } from './commands/command';
import { resolveCommand } from './keymap';
import type { KeyTarget } from './keymap';

const NOT_TYPING_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** Where a key went: typing (fields, contenteditable), a control that handles Enter, or else. */
function keyTarget(target: EventTarget | null): KeyTarget {
  if (!(target instanceof HTMLElement)) return 'other';
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return 'text';
  if (target instanceof HTMLInputElement) return NOT_TYPING_INPUTS.has(target.type) ? 'control' : 'text';
  if (target instanceof HTMLAnchorElement || target instanceof HTMLButtonElement || target.tagName === 'SUMMARY') return 'control';
  return 'other';
}

/** The one keydown listener of the app: resolves each key press and hands its command on. */
export function useShortcuts(onCommand: (command: Command) => void): void {
  const handle = useEffectEvent(onCommand);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // A field that used the key itself (the tag field's Enter, the composer's mod+Enter).
      if (event.defaultPrevented) return;
      const command = resolveCommand({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
        isComposing: event.isComposing,
        target: keyTarget(event.target),
        overlayOpen: document.querySelector('dialog[open]') !== null,
      });
      if (!command) return;
      event.preventDefault();
      handle(command);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
