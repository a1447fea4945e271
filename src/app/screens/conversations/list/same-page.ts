import type { ListPage } from './read-list-page';

/**
 * Whether a page read again holds what the last read showed: the same rows in the same order,
 * field for field, and the same contacts. While a bootstrap commits batch after batch, the
 * first page is read again after each commit and is almost always unchanged; keeping the
 * page already shown spares the list a render and its rows' allocations in those moments.
 */
export function samePage(a: ListPage, b: ListPage): boolean {
  if (a.hasMore !== b.hasMore || a.rows.length !== b.rows.length || a.contacts.size !== b.contacts.size) return false;
  for (let i = 0; i < a.rows.length; i++) if (!sameData(a.rows[i], b.rows[i])) return false;
  for (const [id, contact] of a.contacts) if (!sameData(contact, b.contacts.get(id))) return false;
  return true;
}

/** Structural equality of stored documents (plain objects, arrays and primitives, as IndexedDB returns them). */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let count = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    count++;
    if (!Object.hasOwn(right, key) || !sameData(left[key], right[key])) return false;
  }
  for (const key in right) if (Object.hasOwn(right, key)) count--;
  return count === 0;
}
