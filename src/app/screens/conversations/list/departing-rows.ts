/**
 * §4, §9: a conversation that leaves a list (closed, reassigned, no longer matching) animates
 * out over REMOVAL_ANIMATION_MS in the place it had. These pure helpers find the rows that left
 * and put them back, flagged, after the row they followed.
 */
export type Departed<T> = { row: T; /** The row it followed, or null at the top. */ after: number | null; /** Its place in the old list. */ index: number };

/** The list as shown: members and departing rows in place; `departing` names the latter. */
export type ShownRows<T> = { rows: readonly T[]; departing: ReadonlySet<number> };

const NONE: ReadonlySet<number> = new Set();

/** Rows of `previous` that are not in `next`. */
export function departedRows<T extends { id: number }>(previous: readonly T[], next: readonly T[]): Departed<T>[] {
  const present = new Set(next.map((row) => row.id));
  const gone: Departed<T>[] = [];
  previous.forEach((row, index) => {
    if (!present.has(row.id)) gone.push({ row, after: previous[index - 1]?.id ?? null, index });
  });
  return gone;
}

/**
 * The list with the departing rows back after the row each followed (a chain of departing rows
 * keeps its order); one whose neighbour is gone too goes back at its old index. A departing row
 * that is a member again is shown once, as a member. Without departing rows, `rows` itself.
 */
export function withDepartingRows<T extends { id: number }>(rows: readonly T[], departing: readonly Departed<T>[]): ShownRows<T> {
  if (departing.length === 0) return { rows, departing: NONE };
  const members = new Set(rows.map((row) => row.id));
  const ghosts = departing.filter((ghost) => !members.has(ghost.row.id));
  if (ghosts.length === 0) return { rows, departing: NONE };
  const byAnchor = new Map<number | null, Departed<T>[]>();
  for (const ghost of ghosts) byAnchor.set(ghost.after, [...(byAnchor.get(ghost.after) ?? []), ghost]);
  const shown: T[] = [];
  const placed = new Set<number>();
  const follow = (anchor: number | null) => {
    for (const ghost of byAnchor.get(anchor) ?? []) {
      if (placed.has(ghost.row.id)) continue;
      placed.add(ghost.row.id);
      shown.push(ghost.row);
      follow(ghost.row.id);
    }
  };
  follow(null);
  for (const row of rows) {
    shown.push(row);
    follow(row.id);
  }
  for (const ghost of ghosts.filter((g) => !placed.has(g.row.id)).sort((a, b) => a.index - b.index)) {
    shown.splice(Math.min(ghost.index, shown.length), 0, ghost.row);
  }
  return { rows: shown, departing: new Set(ghosts.map((ghost) => ghost.row.id)) };
}
