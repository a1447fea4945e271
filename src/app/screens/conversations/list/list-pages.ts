import { CONVERSATION_PAGE_SIZE } from '../../../../protocol/constants';
import type { Conversation } from '../../../../protocol/documents';
import type { InboxOrder } from '../../../../protocol/inbox-query/inbox-query';
import { compareForInbox, type InboxSortable } from '../../../../protocol/inbox-query/match-inbox-query';

/**
 * Cursor paging of a conversation list over IndexedDB (§9: pages of 25). A page is a stretch of
 * the list in its order: after one row (exclusive) and through another (inclusive). Only the
 * last page is counted (its first `limit` matches); once the next page is asked for, the last
 * page is closed at its last row, so a conversation arriving or leaving changes one page only
 * and never pushes a row out of the loaded list.
 */
export type ListPosition = InboxSortable;

export type PageSpec = {
  /** The row this page starts after; null for the top of the list. */
  after: ListPosition | null;
  /** The last row of a closed page; null for the last page, which is counted instead. */
  through: ListPosition | null;
  /** How many matches the last page holds (ignored for a closed page). */
  limit: number;
};

/** What reading a page found: its rows in order, and (for the last page) whether more match. */
export type PageRows<T extends ListPosition = Conversation> = { rows: T[]; hasMore: boolean };

/** The IndexedDB index that holds a list order, and which way to walk it. */
export type OrderIndex = { index: 'last_update_ts' | '[priority+last_update_ts]'; reverse: boolean };

/**
 * Index entries with equal keys are ordered by primary key (the id), so walking these indexes
 * gives exactly compareForInbox's order, ties by id included.
 */
export function orderIndex(order: InboxOrder): OrderIndex {
  switch (order) {
    case 'priority':
      return { index: '[priority+last_update_ts]', reverse: true };
    case 'newest':
      return { index: 'last_update_ts', reverse: true };
    case 'oldest':
      return { index: 'last_update_ts', reverse: false };
  }
}

/** A row's key in its order's index. */
export function indexKey(order: InboxOrder, row: ListPosition): number | [number, number] {
  return order === 'priority' ? [row.priority, row.last_update_ts] : row.last_update_ts;
}

/** The first page: the top `limit` rows (25, or as many as the agent had loaded, §9). */
export function firstPage(limit: number = CONVERSATION_PAGE_SIZE): PageSpec[] {
  return [{ after: null, through: null, limit: Math.max(1, limit) }];
}

/**
 * The pages after "load more": the last page closed at `lastRow` (its last row now), and a new
 * last page of CONVERSATION_PAGE_SIZE after it. Without a last row there is nothing to page past.
 */
export function withNextPage(pages: readonly PageSpec[], lastRow: ListPosition | undefined): PageSpec[] {
  const last = pages.at(-1);
  if (!last || last.through !== null || !lastRow) return [...pages];
  const position = pick(lastRow);
  return [...pages.slice(0, -1), { ...last, through: position }, { after: position, through: null, limit: CONVERSATION_PAGE_SIZE }];
}

function pick(row: ListPosition): ListPosition {
  return { id: row.id, priority: row.priority, last_update_ts: row.last_update_ts };
}

/** A stable name for a page, to keep one live query per page. */
export function pageKey(spec: PageSpec): string {
  const at = (position: ListPosition | null) => (position ? `${position.priority}:${position.last_update_ts}:${position.id}` : '-');
  return spec.through === null ? `${at(spec.after)}+${spec.limit}` : `${at(spec.after)}..${at(spec.through)}`;
}

/** Whether `row` comes after `position` in the list's order. */
export function isAfter(order: InboxOrder, row: ListPosition, position: ListPosition): boolean {
  return compareForInbox({ order })(row, position) > 0;
}

/**
 * Picks a page's rows out of a batch read in list order: skips rows up to `after` (the batch
 * may start with rows sharing its index key), stops past `through`, keeps those `accept`s.
 * `done` says the page's stretch ended within the batch.
 */
export function takeFromBatch<T extends ListPosition>(
  order: InboxOrder,
  batch: readonly T[],
  spec: Pick<PageSpec, 'after' | 'through'>,
  accept: (row: T) => boolean,
): { matches: T[]; done: boolean } {
  const matches: T[] = [];
  for (const row of batch) {
    if (spec.after && !isAfter(order, row, spec.after)) continue;
    if (spec.through && isAfter(order, row, spec.through)) return { matches, done: true };
    if (accept(row)) matches.push(row);
  }
  return { matches, done: false };
}

/**
 * The loaded list: every page's rows in order, a row listed once even while a change moves it
 * from one page to another. `complete` is false while a page has not been read yet.
 */
export function combinePages<T extends ListPosition>(pages: readonly (PageRows<T> | undefined)[]): { rows: T[]; hasMore: boolean; complete: boolean } {
  const rows: T[] = [];
  const seen = new Set<number>();
  let complete = true;
  for (const page of pages) {
    if (!page) {
      complete = false;
      continue;
    }
    for (const row of page.rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  const last = pages.at(-1);
  return { rows, hasMore: last === undefined ? true : last.hasMore, complete };
}
