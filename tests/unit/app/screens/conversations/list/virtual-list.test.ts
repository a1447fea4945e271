import { describe, expect, it } from 'vitest';
import { departedRows, withDepartingRows } from '../../../../../../src/app/screens/conversations/list/departing-rows';
import { revealScrollTop, virtualWindow, wantsNextPage } from '../../../../../../src/app/screens/conversations/list/virtual-window';

const ROW = 80;

describe('the virtual window of the conversation list', () => {
  it('renders the rows in view and a few more on each side', () => {
    const span = virtualWindow({ scrollTop: 4_000, viewportHeight: 600, rowHeight: ROW, count: 10_000 }, 8);
    expect(span).toEqual({ start: 42, end: 66, firstVisible: 50, lastVisible: 57 });
  });

  it('counts a row cut by the bottom edge as in view, not one that starts exactly there', () => {
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 600, rowHeight: ROW, count: 100 }, 0)).toMatchObject({ firstVisible: 0, lastVisible: 7 });
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 640, rowHeight: ROW, count: 100 }, 0)).toMatchObject({ lastVisible: 7 });
    expect(virtualWindow({ scrollTop: 10, viewportHeight: 640, rowHeight: ROW, count: 100 }, 0)).toMatchObject({ firstVisible: 0, lastVisible: 8 });
  });

  it('stays within the list at both ends', () => {
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 600, rowHeight: ROW, count: 5 }, 8)).toEqual({ start: 0, end: 5, firstVisible: 0, lastVisible: 4 });
    expect(virtualWindow({ scrollTop: 99_999, viewportHeight: 600, rowHeight: ROW, count: 20 }, 3)).toMatchObject({ start: 16, end: 20, lastVisible: 19 });
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 600, rowHeight: ROW, count: 0 }, 8)).toMatchObject({ start: 0, end: 0 });
  });

  it('renders next to nothing while the list is hidden', () => {
    const span = virtualWindow({ scrollTop: 800, viewportHeight: 0, rowHeight: ROW, count: 1_000 }, 2);
    expect(span.end - span.start).toBeLessThanOrEqual(5);
  });

  it('scrolls the least to show a row, and not at all when it is in view', () => {
    const view = { scrollTop: 800, viewportHeight: 400, rowHeight: ROW };
    expect(revealScrollTop(12, view)).toBeNull();
    expect(revealScrollTop(14, view)).toBeNull();
    // Below: its bottom edge comes to the bottom of the view.
    expect(revealScrollTop(15, view)).toBe(16 * ROW - 400);
    expect(revealScrollTop(600, view)).toBe(601 * ROW - 400);
    // Above: its top comes to the top.
    expect(revealScrollTop(9, view)).toBe(9 * ROW);
    expect(revealScrollTop(0, view)).toBe(0);
    expect(revealScrollTop(5, { ...view, viewportHeight: 0 })).toBeNull();
  });

  it('asks for the next page when the view nears the end of what is loaded', () => {
    const at = (scrollTop: number) => virtualWindow({ scrollTop, viewportHeight: 400, rowHeight: ROW, count: 25 }, 8);
    expect(wantsNextPage(at(0), 25, true, 400, 10)).toBe(false);
    expect(wantsNextPage(at(8 * ROW), 25, true, 400, 10)).toBe(false);
    expect(wantsNextPage(at(10 * ROW), 25, true, 400, 10)).toBe(true);
    expect(wantsNextPage(at(20 * ROW), 25, false, 400, 10)).toBe(false);
    expect(wantsNextPage(at(20 * ROW), 25, true, 0, 10)).toBe(false);
  });
});

describe('rows leaving the list (§9: removal animates for 1 s)', () => {
  const rows = (...ids: number[]) => ids.map((id) => ({ id }));

  it('finds the rows that left, with the row each followed', () => {
    expect(departedRows(rows(1, 2, 3, 4), rows(1, 4))).toEqual([
      { row: { id: 2 }, after: 1, index: 1 },
      { row: { id: 3 }, after: 2, index: 2 },
    ]);
    expect(departedRows(rows(1, 2), rows(1, 2, 3))).toEqual([]);
  });

  it('shows them in their place, flagged, while the members move on', () => {
    const gone = departedRows(rows(1, 2, 3, 4), rows(1, 4));
    const shown = withDepartingRows(rows(0, 1, 4), gone);
    expect(shown.rows.map(({ id }) => `${id}${shown.departing.has(id) ? '-' : ''}`)).toEqual(['0', '1', '2-', '3-', '4']);
  });

  it('puts a row back at its old place when the row it followed is gone too, and at the top when it led', () => {
    const gone = departedRows(rows(5, 6, 7), rows(7));
    expect(withDepartingRows(rows(7), [gone[1]!]).rows.map(({ id }) => id)).toEqual([7, 6]);
    expect(withDepartingRows(rows(7), gone).rows.map(({ id }) => id)).toEqual([5, 6, 7]);
  });

  it('shows a row that came back once, as a member', () => {
    const gone = departedRows(rows(1, 2), rows(1));
    const members = rows(2, 1);
    const shown = withDepartingRows(members, gone);
    expect(shown.rows).toBe(members);
    expect(shown.departing.size).toBe(0);
  });
});
