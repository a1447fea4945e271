import { tzOffset } from '@date-fns/tz';
import type { Range, ScheduleHours } from './hours-model';
import { minutesOf } from './hours-model';

/**
 * The schedule arithmetic of business hours (issue 37), pure: no I/O, the same in the browser,
 * the server and the widget's config. One function serves the sidebar's "Open · closes 18:00",
 * the auto-reply's "once per closed period", rules ("within business hours") and reporting.
 *
 * `null` hours means always open. Times are wall-clock times in the schedule's zone, turned into
 * instants day by day, so a range keeps its wall-clock times across a DST change:
 * - a time that does not exist (02:30 on the spring-forward night in Europe) is read with the
 *   offset before the gap, i.e. as the moment the clocks jump to (03:30): a 02:00–04:00 range is
 *   open one hour that night;
 * - a time that happens twice (01:30 on the autumn night) is its first occurrence: a 00:00–03:00
 *   range is open four hours that night.
 *
 * A day's ranges are its one-off date's when the date is listed, else none on a public holiday
 * of the country (resolved to dates in `public_holidays`), else its weekday's. Scans stop after `HORIZON_DAYS`: a schedule that does not
 * open (or close) within that is treated as never opening (or closing).
 */

export const HORIZON_DAYS = 400;
const DAY = 86_400_000;
const MINUTE = 60_000;

type Interval = { start: number; end: number };
type LocalDate = { year: number; month: number; day: number };

function localDateOf(zone: string, instant: number): LocalDate {
  const wall = new Date(instant + tzOffset(zone, new Date(instant)) * MINUTE);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

function shiftDate(date: LocalDate, days: number): LocalDate {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

function isoDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** 0 = Monday … 6 = Sunday. */
function weekdayOf(date: LocalDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

/**
 * The instant of a wall-clock time in `zone` (`minutes` after the date's midnight, possibly past
 * 1440): the first occurrence of a repeated time, the moment after the gap for a skipped one.
 */
export function wallTimeToInstant(zone: string, date: LocalDate, minutes: number): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE;
  const before = tzOffset(zone, new Date(wall - DAY)) * MINUTE;
  const after = tzOffset(zone, new Date(wall + DAY)) * MINUTE;
  const candidates = [wall - before, wall - after].filter((instant) => instant + tzOffset(zone, new Date(instant)) * MINUTE === wall);
  return candidates.length ? Math.min(...candidates) : wall - before;
}

/** The ranges a local date opens with: its one-off date's, none on a public holiday, or its weekday's. */
export function rangesOn(hours: ScheduleHours, date: string, weekday: number): readonly Range[] {
  const special = hours.holidays.dates.find((entry) => entry.date === date);
  if (special) return special.ranges;
  if (hours.holidays.country && hours.public_holidays?.includes(date)) return [];
  return hours.week[weekday] ?? [];
}

/** The open intervals of the ranges starting on a local date (past-midnight ones end the next day). */
function intervalsOn(hours: ScheduleHours, date: LocalDate): Interval[] {
  return rangesOn(hours, isoDate(date), weekdayOf(date)).map((range) => {
    const start = minutesOf(range.start);
    const endMinutes = minutesOf(range.end);
    const end = endMinutes <= start ? endMinutes + 1440 : endMinutes;
    return { start: wallTimeToInstant(hours.timezone, date, start), end: wallTimeToInstant(hours.timezone, date, end) };
  });
}

/**
 * The open intervals, merged and in order, of the local dates from `first` on, one day at a time:
 * a generator so a scan stops as soon as it has its answer. Includes the day before `first`, so a
 * range running past midnight into it is seen.
 */
function* openIntervals(hours: ScheduleHours, from: number, direction: 1 | -1 = 1): Generator<Interval> {
  const first = localDateOf(hours.timezone, from);
  if (direction === 1) {
    let pending: Interval | null = null;
    for (let offset = -1; offset <= HORIZON_DAYS; offset += 1) {
      const day = intervalsOn(hours, shiftDate(first, offset)).sort((a, b) => a.start - b.start);
      for (const interval of day) {
        if (interval.end <= interval.start) continue;
        if (pending && interval.start <= pending.end) pending = { start: pending.start, end: Math.max(pending.end, interval.end) };
        else {
          if (pending) yield pending;
          pending = { ...interval };
        }
      }
      // Nothing later than this day's intervals can start before the next local midnight.
      const nextMidnight = wallTimeToInstant(hours.timezone, shiftDate(first, offset + 1), 0);
      if (pending && pending.end < nextMidnight) {
        yield pending;
        pending = null;
      }
    }
    if (pending) yield pending;
    return;
  }
  let pending: Interval | null = null;
  for (let offset = 1; offset >= -HORIZON_DAYS; offset -= 1) {
    const day = intervalsOn(hours, shiftDate(first, offset)).sort((a, b) => b.end - a.end);
    for (const interval of day) {
      if (interval.end <= interval.start) continue;
      if (pending && interval.end >= pending.start) pending = { start: Math.min(pending.start, interval.start), end: pending.end };
      else {
        if (pending) yield pending;
        pending = { ...interval };
      }
    }
    // A range of the day before ends less than two days after that day's midnight (a day to spare for DST).
    const previousMidnight = wallTimeToInstant(hours.timezone, shiftDate(first, offset - 1), 0);
    if (pending && pending.start > previousMidnight + 3 * DAY) {
      yield pending;
      pending = null;
    }
  }
  if (pending) yield pending;
}

/** The open interval containing `at`, or null. */
function openIntervalAt(hours: ScheduleHours, at: number): Interval | null {
  for (const interval of openIntervals(hours, at)) {
    if (interval.start > at) return null;
    if (interval.end > at) return interval;
  }
  return null;
}

export function isOpenAt(hours: ScheduleHours | null, at: Date): boolean {
  if (!hours) return true;
  return openIntervalAt(hours, at.getTime()) !== null;
}

/** When the team next opens: null when it is open at `at` or does not open within the horizon. */
export function nextOpening(hours: ScheduleHours | null, at: Date): Date | null {
  if (!hours) return null;
  const time = at.getTime();
  for (const interval of openIntervals(hours, time)) {
    if (interval.start <= time && interval.end > time) return null;
    if (interval.start > time) return new Date(interval.start);
  }
  return null;
}

/** When the open period containing `at` ends: null when closed at `at`, or always open. */
export function nextClosing(hours: ScheduleHours | null, at: Date): Date | null {
  if (!hours) return null;
  const interval = openIntervalAt(hours, at.getTime());
  return interval && interval.end - at.getTime() < HORIZON_DAYS * DAY ? new Date(interval.end) : null;
}

/**
 * The start of the closed period containing `at` (when the last open period ended): the key of
 * "once per closed period". Null when open. A schedule closed for longer than the horizon answers
 * the epoch, the same key every time.
 */
export function closedPeriodStart(hours: ScheduleHours | null, at: Date): Date | null {
  if (!hours) return null;
  const time = at.getTime();
  if (openIntervalAt(hours, time)) return null;
  for (const interval of openIntervals(hours, time, -1)) {
    if (interval.end <= time) return new Date(interval.end);
  }
  return new Date(0);
}

/** The open time, in milliseconds, between `from` and `to` (0 when `to` is not after `from`). */
export function businessMillisBetween(hours: ScheduleHours | null, from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  if (!hours) return end - start;
  let total = 0;
  let cursor = start;
  for (;;) {
    const before = cursor;
    for (const interval of openIntervals(hours, cursor)) {
      if (interval.start >= end) return total;
      if (interval.end <= cursor) continue;
      total += Math.min(interval.end, end) - Math.max(interval.start, cursor);
      cursor = interval.end;
      if (cursor >= end) return total;
    }
    if (cursor === before) return total;
  }
}

/**
 * The moment `ms` of open time after `from` (`from` itself for 0 or less); null when the
 * schedule does not open again within the horizon.
 */
export function addBusinessMillis(hours: ScheduleHours | null, from: Date, ms: number): Date | null {
  const start = from.getTime();
  if (ms <= 0) return new Date(start);
  if (!hours) return new Date(start + ms);
  let left = ms;
  let cursor = start;
  for (;;) {
    let progressed = false;
    for (const interval of openIntervals(hours, cursor)) {
      if (interval.end <= cursor) continue;
      const begin = Math.max(interval.start, cursor);
      const available = interval.end - begin;
      if (available >= left) return new Date(begin + left);
      left -= available;
      cursor = interval.end;
      progressed = true;
    }
    if (!progressed) return null;
  }
}
