import { describe, expect, it } from 'vitest';
import { snoozeButtonText, snoozeEndText, snoozePresets, toLocalInputValue, zonedTime } from '../../../../../../src/app/screens/conversations/header/snooze-presets';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
/** An instant given as a wall-clock time in a zone (month 1–12). */
const wall = (zone: string, year: number, month: number, day: number, hour: number, minute = 0) => zonedTime({ year, month, day, hour, minute }, zone);
const presets = (now: number, zone: string) => snoozePresets(new Date(now), zone);
const at = (preset: string, now: number, zone: string) => presets(now, zone).find((p) => p.id === preset)?.until;

describe('snooze presets', () => {
  it('later today is in three hours; tomorrow and next week are at 9:00 in the agent’s time zone', () => {
    const wednesday = wall(PARIS, 2026, 11, 25, 14, 30);
    expect(new Date(wednesday).toISOString()).toBe('2026-11-25T13:30:00.000Z');
    expect(at('later', wednesday, PARIS)).toBe(wednesday + 3 * 3600_000);
    expect(new Date(at('tomorrow', wednesday, PARIS) ?? 0).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(new Date(at('next-week', wednesday, PARIS) ?? 0).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    // The same instant is 08:30 in New York: its mornings are New York's.
    expect(new Date(at('tomorrow', wednesday, NEW_YORK) ?? 0).toISOString()).toBe('2026-11-26T14:00:00.000Z');
  });

  it('late in the day "Later today" is not offered: at 21:56 nothing says tomorrow 00:56', () => {
    const evening = wall(PARIS, 2026, 11, 25, 21, 56);
    expect(presets(evening, PARIS).map((p) => p.label)).toEqual(['Tomorrow', 'Next week']);
    for (const preset of presets(evening, PARIS)) expect(snoozeEndText(preset.until, new Date(evening), PARIS)).not.toMatch(/00:56|12:56/);
    // Until 17:00 it still ends by 20:00; after that, not.
    expect(at('later', wall(PARIS, 2026, 11, 25, 17, 0), PARIS)).toBe(wall(PARIS, 2026, 11, 25, 20, 0));
    expect(at('later', wall(PARIS, 2026, 11, 25, 17, 1), PARIS)).toBeUndefined();
    // Just after midnight, later today is still today.
    expect(at('later', wall(PARIS, 2026, 11, 26, 0, 30), PARIS)).toBe(wall(PARIS, 2026, 11, 26, 3, 30));
  });

  it('next week from a Monday is the Monday after; on a Sunday tomorrow is next week, offered once', () => {
    expect(at('next-week', wall(PARIS, 2026, 11, 23, 8), PARIS)).toBe(wall(PARIS, 2026, 11, 30, 9));
    const sunday = wall(PARIS, 2026, 11, 29, 20);
    expect(presets(sunday, PARIS).map((p) => p.id)).toEqual(['tomorrow']);
    expect(at('tomorrow', sunday, PARIS)).toBe(wall(PARIS, 2026, 11, 30, 9));
  });

  it('tomorrow at 9:00 across a clock change is 9:00 on the new clock', () => {
    // Paris goes from UTC+2 to UTC+1 in the night of 24–25 October 2026.
    const saturday = wall(PARIS, 2026, 10, 24, 18);
    expect(new Date(saturday).toISOString()).toBe('2026-10-24T16:00:00.000Z');
    expect(new Date(at('tomorrow', saturday, PARIS) ?? 0).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('says when a snooze ends relative to today, in the agent’s time zone', () => {
    const now = new Date(wall(PARIS, 2026, 11, 25, 14, 30));
    expect(snoozeEndText(wall(PARIS, 2026, 11, 25, 17, 30), now, PARIS)).toMatch(/^today /);
    expect(snoozeEndText(wall(PARIS, 2026, 11, 26, 9, 0), now, PARIS)).toMatch(/^tomorrow /);
    expect(snoozeEndText(wall(PARIS, 2026, 11, 30, 9, 0), now, PARIS)).not.toMatch(/^(today|tomorrow) /);
    // 23:30 in Paris is still today there, but already tomorrow in Tokyo.
    expect(snoozeEndText(wall(PARIS, 2026, 11, 25, 23, 30), now, PARIS)).toMatch(/^today /);
    expect(snoozeEndText(wall(PARIS, 2026, 11, 25, 23, 30), now, 'Asia/Tokyo')).toMatch(/^tomorrow /);
    expect(toLocalInputValue(new Date(2026, 0, 2, 3, 4).getTime())).toBe('2026-01-02T03:04');
  });

  it('the snooze button says the end in few words: the weekday within a week, the date beyond', () => {
    const now = new Date(wall(PARIS, 2026, 11, 25, 14, 30));
    expect(snoozeButtonText(wall(PARIS, 2026, 11, 26, 9, 0), now, PARIS)).toMatch(/^tomorrow /);
    const monday = snoozeButtonText(wall(PARIS, 2026, 11, 30, 9, 0), now, PARIS);
    expect(monday).toMatch(/09[:.]00/);
    expect(monday).not.toMatch(/30|Nov/);
    const later = snoozeButtonText(wall(PARIS, 2026, 12, 14, 9, 0), now, PARIS);
    expect(later).toMatch(/14/);
    expect(later).not.toMatch(/09[:.]00/);
  });
});
