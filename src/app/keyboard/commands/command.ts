import type { SetStateAction } from 'react';
import type { NavigateOptions } from 'react-router-dom';
import type { Conversation } from '../../../protocol/documents';
import type { ToastInput } from '../../components/toast-list';
import type { OpenConversation } from '../keyboard-context';
import type { ListCursor } from '../list-cursor';
import type { PaletteCommand, PaletteData, PaletteGroup } from '../palette-items';
import type { TriageActions } from '../use-triage-actions';

/**
 * A UI command is one object (Excalidraw's actions): its words, its keys, where the `?` sheet
 * lists it, when it applies and what it does. The key handling (keymap.ts), the `?` sheet and
 * the palette's commands (palette-items.ts) read the one list (command-registry.ts), so adding
 * a command is adding an object there.
 */
export type Command = {
  /** What `resolveShortcut` answers for its keys. */
  id: string;
  /** The `?` sheet's words for it, and the palette's unless the palette names it otherwise. */
  label: string;
  /** The presses that run it. */
  keys?: readonly KeyBinding[];
  /**
   * The keys as the `?` sheet and the palette show them (`mod` is ⌘ on macOS, Ctrl elsewhere),
   * when they are not the first binding's: another command's keys that do the same, or a key
   * typed in the composer.
   */
  shownKeys?: readonly string[];
  /** Its `?` sheet section; a command without one is not listed there. */
  section?: HelpSection;
  /**
   * Whether its key does something now. A press bound to it is taken from the page either way
   * (Enter with no row selected does nothing, and the page does not get it either).
   */
  when?: (context: CommandContext) => boolean;
  perform?: (context: CommandContext) => void;
  /** Its row in the command palette's root scope, when it has one. */
  palette?: PaletteEntry;
};

/** The `?` sheet's sections, in its order. */
export const HELP_SECTIONS = ['Navigation', 'Conversation', 'General'] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

/** Where the focus is when a key goes down: a field being typed in, a link or button, or anything else. */
export type KeyTarget = 'text' | 'control' | 'other';

/**
 * A press that runs a command. Plain keys never fire over a dialog, with Ctrl, Alt or Meta, or
 * (by default) while typing; a `mod` binding (⌘ or Ctrl, no Alt) fires from anywhere, dialogs
 * included, and matches either case.
 */
export type KeyBinding = {
  key: string;
  mod?: true;
  /** Where the focus may be for a plain key; by default anywhere but a field being typed in. */
  targets?: readonly KeyTarget[];
  /** A held-down key runs it again. Letters do not, but moving through the list does. */
  repeat?: true;
};

export type PaletteEntry = {
  group: PaletteGroup;
  /** The palette's words when they differ from the `?` sheet's, or depend on the target. */
  label?: string | ((data: PaletteData) => string);
  /** Matched too, not shown. */
  keywords?: string;
  /** Whether the palette offers it now; always when absent. */
  when?: (data: PaletteData) => boolean;
  /** What choosing it does, which the palette runs (and uses to list two rows that do the same once). */
  does: PaletteCommand | ((data: PaletteData) => PaletteCommand);
};

export type Overlay = 'help' | 'palette' | null;

/** What a key's command sees and can do: the keyboard provider's state at the moment of the press. */
export type CommandContext = {
  slug: string;
  agentId: number;
  /** The conversation open on the page, as this provider last rendered it. */
  open: OpenConversation | null;
  /** The list's keyboard selection. */
  selected: ListCursor | null;
  navigate: (to: string, options?: NavigateOptions) => void;
  setOverlay: (overlay: SetStateAction<Overlay>) => void;
  /** Moves the list's keyboard selection and focuses its row. */
  moveSelection: (delta: 1 | -1) => void;
  /** Opens a conversation of the list beside it, and lets the keys typed while it opens wait for it. */
  openConversation: (id: number) => void;
  /** Acts on the open conversation, or on the one being opened once it shows. */
  forOpenConversation: (act: (open: OpenConversation) => void) => void;
  /** Acts on the stored conversation a key is for: the one of the page (once it shows), else the list's selection. */
  forStoredConversation: (act: (conversation: Conversation) => void) => void;
  /** The conversation a key is for now, or null (none, or one still opening). */
  keyTargetId: () => number | null;
  toggleMark: (id: number) => void;
  triage: TriageActions;
  /** Takes back the newest action of this tab; resolves with the words for a toast. */
  undoLast: () => Promise<string>;
  show: (toast: ToastInput) => void;
};

/** The keys a command shows: its own `shownKeys`, else its first binding's; none without keys. */
export function shownKeys(command: Command): readonly string[] {
  if (command.shownKeys) return command.shownKeys;
  const binding = command.keys?.[0];
  if (!binding) return [];
  return binding.mod ? ['mod', binding.key] : [binding.key === 'Escape' ? 'Esc' : binding.key];
}
