/**
 * A report's range: calendar days (YYYY-MM-DD) in the organization's time zone, both included.
 * Presets are computed from "today" in that zone; the previous period is the same length just before.
 */
export type ReportRange = { from: string; to: string };

export const RANGE_PRESETS = ['7d', '30d', '90d', 'this-month', 'last-month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const PRESET_LABELS: Record<RangePreset, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  'this-month': 'This month',
  'last-month': 'Last month',
};

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in `zone` (UTC when the zone is unknown). */
export function todayIn(zone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export function presetRange(preset: RangePreset, today: string): ReportRange {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'this-month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last-month': {
      const firstOfThis = `${today.slice(0, 7)}-01`;
      const last = addDays(firstOfThis, -1);
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
  }
}

/** The preset a range is, for the picker's pressed button; null for a custom range. */
export function presetOf(range: ReportRange, today: string): RangePreset | null {
  return RANGE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  }) ?? null;
}

/** A range that can be asked for: two dates, in order, at most `maxDays` long. */
export function isValidRange(range: ReportRange, maxDays = 366): boolean {
  return DAY.test(range.from) && DAY.test(range.to) && range.from <= range.to && daysBetween(range.from, range.to) <= maxDays;
}

/** The range of `?from=&to=`, or the last 30 days. */
export function rangeFromParams(params: URLSearchParams, today: string): ReportRange {
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return isValidRange(range) ? range : presetRange('30d', today);
}

/** "1 Nov – 7 Nov 2026" */
export function formatRange(range: ReportRange): string {
  const format = (day: string, withYear: boolean) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  return range.from === range.to ? format(range.from, true) : `${format(range.from, range.from.slice(0, 4) !== range.to.slice(0, 4))} – ${format(range.to, true)}`;
}
