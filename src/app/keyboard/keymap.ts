/**
 * The app's keyboard shortcuts in one table, and the pure resolver from a key press to the
 * action it means. The hook (use-shortcuts.ts) only turns DOM events into `KeyPress`es.
 */
export type ShortcutAction =
  | 'next'
  | 'previous'
  | 'open'
  | 'back'
  | 'blur'
  | 'reply'
  | 'note'
  | 'tag'
  | 'assign'
  | 'close'
  | 'mark'
  | 'undo'
  | 'help'
  | 'palette'
  | 'search';

/** Where the key was pressed: a field being typed in, a link or button, or anything else. */
export type KeyTarget = 'text' | 'control' | 'other';

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

export type ShortcutGroup = 'Navigation' | 'Conversation' | 'General';

export type Shortcut = { keys: readonly string[]; action: ShortcutAction; label: string; group: ShortcutGroup };

/** What the help dialog lists, in its order; `mod` is ⌘ on macOS and Ctrl elsewhere. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['j'], action: 'next', label: 'Next conversation', group: 'Navigation' },
  { keys: ['k'], action: 'previous', label: 'Previous conversation', group: 'Navigation' },
  { keys: ['Enter'], action: 'open', label: 'Open the selected conversation', group: 'Navigation' },
  { keys: ['Esc'], action: 'back', label: 'Back to the list, or close a dialog', group: 'Navigation' },
  { keys: ['/'], action: 'search', label: 'Search conversations', group: 'Navigation' },
  { keys: ['r'], action: 'reply', label: 'Reply', group: 'Conversation' },
  { keys: ['n'], action: 'note', label: 'Write a note', group: 'Conversation' },
  { keys: ['t'], action: 'tag', label: 'Add a tag', group: 'Conversation' },
  { keys: ['a'], action: 'assign', label: 'Assign to me, or unassign', group: 'Conversation' },
  { keys: ['e'], action: 'close', label: 'Close the conversation', group: 'Conversation' },
  { keys: ['x'], action: 'mark', label: 'Select for a bulk action', group: 'Conversation' },
  { keys: ['z'], action: 'undo', label: 'Undo the last action', group: 'Conversation' },
  { keys: ['mod', 'k'], action: 'palette', label: 'Command palette', group: 'General' },
  { keys: ['?'], action: 'help', label: 'Keyboard shortcuts', group: 'General' },
];

const SINGLE_KEYS: Readonly<Record<string, ShortcutAction>> = {
  j: 'next',
  k: 'previous',
  r: 'reply',
  n: 'note',
  t: 'tag',
  a: 'assign',
  e: 'close',
  x: 'mark',
  z: 'undo',
  '?': 'help',
  '/': 'search',
};

/** Held-down keys repeat; only moving through the list should follow them. */
const REPEATABLE: ReadonlySet<ShortcutAction> = new Set(['next', 'previous']);

/**
 * The action a key press means, or null to leave it to the page. Nothing fires while typing
 * or with Ctrl/Alt/Meta, except mod+k (from anywhere) and Escape in a field, which leaves it.
 */
export function resolveShortcut(press: KeyPress): ShortcutAction | null {
  if (press.isComposing) return null;
  const mod = press.ctrlKey || press.metaKey;
  if (mod && !press.altKey && press.key.toLowerCase() === 'k') return 'palette';
  if (press.overlayOpen || mod || press.altKey) return null;
  if (press.key === 'Escape') return press.target === 'text' ? 'blur' : 'back';
  if (press.target === 'text') return null;
  // A focused link or button opens itself on Enter.
  if (press.key === 'Enter') return press.target === 'control' ? null : 'open';
  const action = SINGLE_KEYS[press.key];
  if (!action) return null;
  if (press.repeat && !REPEATABLE.has(action)) return null;
  return action;
}

/** The shortcut's keys as shown to this platform. */
export function displayKeys(keys: readonly string[], mac: boolean): string[] {
  return keys.map((key) => (key === 'mod' ? (mac ? '⌘' : 'Ctrl') : key));
}
