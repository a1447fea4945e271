import { wallTimeToInstant } from '../../protocol/hours/schedule';

const DAY_MS = 86_400_000;

/** A report's calendar days in a zone and the instants they span: [since, until). */
export type ReportDays = { from: string; to: string; zone: string; since: number; until: number; days: string[] };

function instantOf(zone: string, day: string): number {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return wallTimeToInstant(zone, { year, month, day: date }, 0);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today in `zone`. A formatter is made once per zone: a report asks for tens of thousands of days. */
export function todayIn(zone: string, now: number): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(new Date(now));
}

/**
 * The days `from`..`to` (both included) in `zone`, or without them the last `days` days up to
 * today there; `since` is the first day's local midnight, `until` the day after the last's.
 */
export function reportDays(zone: string, range: { from?: string | undefined; to?: string | undefined; days: number }, now: number): ReportDays {
  const to = range.to ?? todayIn(zone, now);
  const from = range.from ?? addDays(to, -(range.days - 1));
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return { from, to, zone, since: instantOf(zone, from), until: instantOf(zone, addDays(to, 1)), days };
}

/** The local day of an instant in `zone`. */
export function dayIn(zone: string, instant: number): string {
  return todayIn(zone, instant);
}
