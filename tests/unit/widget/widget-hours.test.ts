import { describe, expect, it } from 'vitest';
import { awayText } from '../../../src/widget/widget-hours';

const local = (day: number, hour: number) => new Date(2026, 11, day, hour).getTime();

describe('the widget’s away line', () => {
  it('says nothing while the team is in or has no hours', () => {
    expect(awayText(null, local(3, 10))).toBeNull();
    expect(awayText({ open: true, next_opening: null, changes_at: local(3, 17) }, local(3, 10))).toBeNull();
  });

  it('tells the visitor when the team is back, in their own time', () => {
    const monday = awayText({ open: false, next_opening: local(7, 9), changes_at: local(7, 9) }, local(5, 12));
    expect(monday).toMatch(/^We're away — we usually reply from Monday \S+/);
    expect(awayText({ open: false, next_opening: local(3, 9), changes_at: local(3, 9) }, local(3, 7))).toMatch(/^We're away — we usually reply from .+ today$/);
    expect(awayText({ open: false, next_opening: null, changes_at: null }, local(3, 7))).toBe("We're away right now — we'll reply as soon as we can.");
  });
});
