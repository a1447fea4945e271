/**
 * The pure resolver from a key press to the command it runs, over the registered commands'
 * bindings (commands/), and the `?` sheet's rows read from the same list. The hook
 * (use-shortcuts.ts) only turns DOM events into `KeyPress`es.
 */
import type { Command, HelpSection, KeyBinding, KeyTarget } from './commands/command';
import { shownKeys } from './commands/command';
import { COMMANDS } from './commands/command-registry';

export type { KeyTarget } from './commands/command';

export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  isComposing: boolean;
  target: KeyTarget;
  /** A dialog (help, palette, any modal) is open and owns the keyboard. */
  overlayOpen: boolean;
};

/** A row of the `?` sheet: the command's keys as written (`mod` for ⌘/Ctrl), its id and words. */
export type Shortcut = { keys: readonly string[]; action: string; label: string; group: HelpSection };

/** The `?` sheet's rows: the commands with a section, in their order. */
export function helpRows(commands: readonly Command[] = COMMANDS): Shortcut[] {
  return commands.flatMap((command) => {
    const keys = shownKeys(command);
    return command.section && keys.length > 0 ? [{ keys, action: command.id, label: command.label, group: command.section }] : [];
  });
}

/** What the help dialog lists, in its order. */
export const SHORTCUTS: readonly Shortcut[] = helpRows();

const PLAIN_TARGETS: readonly KeyTarget[] = ['other', 'control'];

function matches(binding: KeyBinding, press: KeyPress): boolean {
  const mod = press.ctrlKey || press.metaKey;
  if (binding.mod) return mod && !press.altKey && press.key.toLowerCase() === binding.key;
  if (press.overlayOpen || mod || press.altKey || press.key !== binding.key) return false;
  if (!(binding.targets ?? PLAIN_TARGETS).includes(press.target)) return false;
  return !press.repeat || binding.repeat === true;
}

/**
 * The command a key press runs, or null to leave it to the page. Nothing fires while typing,
 * over a dialog or with Ctrl/Alt/Meta, except mod+k (from anywhere) and Escape in a field,
 * which leaves it; nothing during an input method's composition.
 */
export function resolveCommand(press: KeyPress, commands: readonly Command[] = COMMANDS): Command | null {
  if (press.isComposing) return null;
  return commands.find((command) => command.keys?.some((binding) => matches(binding, press))) ?? null;
}

/** The id of the command a key press runs, or null. */
export function resolveShortcut(press: KeyPress, commands: readonly Command[] = COMMANDS): string | null {
  return resolveCommand(press, commands)?.id ?? null;
}

/** The shortcut's keys as shown to this platform. */
export function displayKeys(keys: readonly string[], mac: boolean): string[] {
  return keys.map((key) => (key === 'mod' ? (mac ? '⌘' : 'Ctrl') : key));
}
