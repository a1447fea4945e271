/**
 * The arithmetic of a fixed-row-height virtual list: which rows to render for a scroll
 * position, where to scroll to show a row, and when to read the next page. Pure, so the list
 * component only measures and applies.
 */
export type ViewportMetrics = {
  scrollTop: number;
  /** The height of the scrolling box; 0 while it is hidden. */
  viewportHeight: number;
  rowHeight: number;
  /** Rows in the list. */
  count: number;
};

/** Rows [start, end) to render, and the rows actually in view [firstVisible, lastVisible]. */
export type VirtualWindow = { start: number; end: number; firstVisible: number; lastVisible: number };

const EMPTY: VirtualWindow = { start: 0, end: 0, firstVisible: 0, lastVisible: -1 };

/** The rows in view plus `overscan` rows on each side, so a fast scroll does not show blanks. */
export function virtualWindow({ scrollTop, viewportHeight, rowHeight, count }: ViewportMetrics, overscan: number): VirtualWindow {
  if (count === 0 || rowHeight <= 0) return EMPTY;
  const top = Math.max(0, scrollTop);
  const firstVisible = Math.min(count - 1, Math.floor(top / rowHeight));
  // A row whose top is at the viewport's bottom edge is not in view.
  const lastVisible = Math.min(count - 1, Math.max(firstVisible, Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight) - 1));
  return {
    start: Math.max(0, firstVisible - overscan),
    end: Math.min(count, lastVisible + 1 + overscan),
    firstVisible,
    lastVisible,
  };
}

/**
 * The scrollTop that brings row `index` wholly into view with the least movement, or null when
 * it already is (or the list is hidden and has no height to show it in).
 */
export function revealScrollTop(index: number, { scrollTop, viewportHeight, rowHeight }: Omit<ViewportMetrics, 'count'>): number | null {
  if (viewportHeight <= 0 || rowHeight <= 0 || index < 0) return null;
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return null;
}

/**
 * Whether to read the next page (§9 cursor paging): more rows exist and the last row in view
 * is within `ahead` rows of the end of what is loaded. Never while the list is hidden.
 */
export function wantsNextPage(window: VirtualWindow, loaded: number, hasMore: boolean, viewportHeight: number, ahead: number): boolean {
  if (!hasMore || viewportHeight <= 0) return false;
  return window.lastVisible >= loaded - 1 - ahead;
}
