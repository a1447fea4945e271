import { createContext, use } from 'react';
import type { LocalMessage } from '../../client-db/inbox-database';
import type { ListCursor } from './list-cursor';
import type { UndoableAction } from './last-actions';

/** What the shortcuts can focus in the open conversation. */
/** `snippet`: the composer's snippet picker. */
export type FocusTarget = 'reply' | 'note' | 'tag' | 'snippet' | 'article';

export type OpenConversation = {
  id: number;
  backPath: string;
  focus: (target: FocusTarget) => void;
  /** The view's own undo of a held send (it also puts the words back in the composer). */
  undoSend: (message: LocalMessage) => void;
};

/**
 * How screens take part in the shortcuts: the list says which rows it shows, the open
 * conversation says what can be focused, and actions are recorded for z. Stable across renders.
 */
export type KeyboardRegistry = {
  registerList: (ids: readonly number[]) => () => void;
  /** Puts the keyboard selection on a row (a list coming back where the agent left it), or clears it. */
  placeCursor: (cursor: ListCursor | null) => void;
  registerConversation: (open: OpenConversation) => () => void;
  record: (action: UndoableAction) => void;
  /** The bulk selection (x): flip one row, pick these rows too, or drop them all. */
  toggleMark: (id: number) => void;
  markAll: (ids: readonly number[]) => void;
  clearMarks: () => void;
};

/** What the list rows show: the keyboard selection and the bulk selection (x). */
export type KeyboardSelection = { cursor: ListCursor | null; marked: ReadonlySet<number> };

const NO_REGISTRY: KeyboardRegistry = {
  registerList: () => () => undefined,
  placeCursor: () => undefined,
  registerConversation: () => () => undefined,
  record: () => undefined,
  toggleMark: () => undefined,
  markAll: () => undefined,
  clearMarks: () => undefined,
};

export const KeyboardRegistryContext = createContext<KeyboardRegistry>(NO_REGISTRY);
export const KeyboardSelectionContext = createContext<KeyboardSelection>({ cursor: null, marked: new Set() });

export function useKeyboardRegistry(): KeyboardRegistry {
  return use(KeyboardRegistryContext);
}

export function useKeyboardSelection(): KeyboardSelection {
  return use(KeyboardSelectionContext);
}

/** The DOM id of a list row, so the keyboard selection can focus it. */
export function conversationRowId(id: number): string {
  return `conversation-row-${id}`;
}
