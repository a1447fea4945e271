/** The keyboard selection in a conversation list: the row's id, and its place when it leaves. */
export type ListCursor = { id: number; index: number };

/**
 * The row shown as selected: the cursor's own row, or — when that row has left the list
 * (closed, reassigned) — the one now in its place, so triage can go on where it was.
 */
export function selectedRow(ids: readonly number[], cursor: ListCursor | null): ListCursor | null {
  if (!cursor || ids.length === 0) return null;
  const at = ids.indexOf(cursor.id);
  if (at >= 0) return { id: cursor.id, index: at };
  const index = Math.min(cursor.index, ids.length - 1);
  const id = ids[index];
  return id === undefined ? null : { id, index };
}

/**
 * The cursor after j (+1) or k (-1), stopping at the ends. With no selection yet it starts
 * at `current` (the open conversation) when listed, else at the first row.
 */
export function moveCursor(ids: readonly number[], cursor: ListCursor | null, delta: 1 | -1, current?: number): ListCursor | null {
  if (ids.length === 0) return null;
  const from = selectedRow(ids, cursor) ?? (current !== undefined && ids.includes(current) ? { id: current, index: ids.indexOf(current) } : null);
  const index = from ? Math.min(Math.max(from.index + delta, 0), ids.length - 1) : 0;
  const id = ids[index];
  return id === undefined ? null : { id, index };
}

/** x: adds the conversation to the bulk selection, or takes it out. */
export function toggleMarked(marked: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(marked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
