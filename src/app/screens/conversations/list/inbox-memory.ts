import { CONVERSATION_PAGE_SIZE, INBOXES_REMEMBERED, INBOX_RETAINED_ITEMS } from '../../../../protocol/constants';
import type { ListCursor } from '../../../keyboard/list-cursor';

/**
 * Where the agent left an inbox: how many rows it had loaded, the row at the top of the view
 * (fractional, so it survives a change of row height) and the keyboard cursor.
 */
export type InboxSnapshot = { loaded: number; topRow: number; cursor: ListCursor | null };

/** The remembered inboxes, most recently left first (§9: at most INBOXES_REMEMBERED). */
export type InboxMemory = readonly { key: string; snapshot: InboxSnapshot }[];

/**
 * Remembers how the agent left an inbox (§9): it comes back with at most INBOX_RETAINED_ITEMS
 * rows, so the scroll position and cursor are kept only within those; the least recently left
 * inbox beyond INBOXES_REMEMBERED is forgotten.
 */
export function rememberInbox(memory: InboxMemory, key: string, snapshot: InboxSnapshot): InboxMemory {
  const loaded = Math.min(INBOX_RETAINED_ITEMS, Math.max(CONVERSATION_PAGE_SIZE, Math.floor(snapshot.loaded)));
  const topRow = Math.min(Math.max(0, snapshot.topRow), loaded);
  const cursor = snapshot.cursor && snapshot.cursor.index < loaded ? snapshot.cursor : null;
  const kept = memory.filter((entry) => entry.key !== key);
  return [{ key, snapshot: { loaded, topRow, cursor } }, ...kept].slice(0, INBOXES_REMEMBERED);
}

/** How the agent left an inbox, if it is still remembered. */
export function recallInbox(memory: InboxMemory, key: string): InboxSnapshot | null {
  return memory.find((entry) => entry.key === key)?.snapshot ?? null;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function parseCursor(value: unknown): ListCursor | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, index } = value as Record<string, unknown>;
  return typeof id === 'number' && Number.isInteger(index) && isCount(index) ? { id, index } : null;
}

/** Stored memory read back (it is session storage: another version of the app may have written it). */
export function parseInboxMemory(value: unknown): InboxMemory {
  if (!Array.isArray(value)) return [];
  const memory: { key: string; snapshot: InboxSnapshot }[] = [];
  for (const entry of value.slice(0, INBOXES_REMEMBERED) as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { key, snapshot } = entry as Record<string, unknown>;
    if (typeof key !== 'string' || typeof snapshot !== 'object' || snapshot === null) continue;
    const { loaded, topRow, cursor } = snapshot as Record<string, unknown>;
    if (!isCount(loaded) || !isCount(topRow)) continue;
    memory.push({ key, snapshot: { loaded, topRow, cursor: parseCursor(cursor) } });
  }
  return memory;
}
