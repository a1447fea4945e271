import { describe, expect, it } from 'vitest';
import { snoozeEndText, snoozePresets, toLocalInputValue } from '../../src/app/screens/conversations/header/snooze-presets';

const at = (preset: string, now: Date) => new Date(snoozePresets(now).find((p) => p.id === preset)?.until ?? 0);

describe('snooze presets', () => {
  it('later today is in three hours; tomorrow and next week are at 9:00', () => {
    const wednesday = new Date(2026, 10, 25, 14, 30);
    expect(at('later', wednesday).getTime()).toBe(wednesday.getTime() + 3 * 3600_000);
    expect(at('tomorrow', wednesday)).toEqual(new Date(2026, 10, 26, 9, 0));
    expect(at('next-week', wednesday)).toEqual(new Date(2026, 10, 30, 9, 0));
  });

  it('next week from a Monday is the Monday after, and from a Sunday the next day', () => {
    expect(at('next-week', new Date(2026, 10, 23, 8, 0))).toEqual(new Date(2026, 10, 30, 9, 0));
    expect(at('next-week', new Date(2026, 10, 29, 20, 0))).toEqual(new Date(2026, 10, 30, 9, 0));
  });

  it('says when a snooze ends relative to today', () => {
    const now = new Date(2026, 10, 25, 14, 30);
    expect(snoozeEndText(new Date(2026, 10, 25, 17, 30).getTime(), now)).toMatch(/^today /);
    expect(snoozeEndText(new Date(2026, 10, 26, 9, 0).getTime(), now)).toMatch(/^tomorrow /);
    expect(toLocalInputValue(new Date(2026, 0, 2, 3, 4).getTime())).toBe('2026-01-02T03:04');
  });
});
