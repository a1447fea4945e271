import { RELATIVE_TIME_MAX_DAYS } from '../../protocol/constants';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Made on first use: creating it loads locale data (10–20 ms), and the list's short times never need it. */
let relative: Intl.RelativeTimeFormat | null = null;
function relativeFormat(): Intl.RelativeTimeFormat {
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  return relative;
}

export type TimeFormatOptions = { timeZone?: string };

/**
 * A list timestamp: "now", "5m", "3h", "2d"; older than RELATIVE_TIME_MAX_DAYS (§9) the date,
 * "12 Mar", with the year when it is not the current one. Times in the future (a clock ahead of
 * ours) read as "now".
 */
export function shortRelativeTime(ts: number, now: number, options: TimeFormatOptions = {}): string {
  const age = Math.max(0, now - ts);
  if (age < MINUTE) return 'now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h`;
  if (age < RELATIVE_TIME_MAX_DAYS * DAY) return `${Math.floor(age / DAY)}d`;
  return absoluteDate(ts, now, options);
}

/**
 * A thread timestamp: "just now", "5 minutes ago", "yesterday", "12 days ago"; older than
 * RELATIVE_TIME_MAX_DAYS (§9) the absolute date and time.
 */
export function longRelativeTime(ts: number, now: number, options: TimeFormatOptions = {}): string {
  const age = Math.max(0, now - ts);
  if (age < MINUTE) return 'just now';
  if (age >= RELATIVE_TIME_MAX_DAYS * DAY) return absoluteDateTime(ts, options);
  if (age < HOUR) return relativeFormat().format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return relativeFormat().format(-Math.floor(age / HOUR), 'hour');
  return relativeFormat().format(-Math.floor(age / DAY), 'day');
}

/** "12 Mar", or "12 Mar 2024" outside the current year. */
export function absoluteDate(ts: number, now: number, options: TimeFormatOptions = {}): string {
  const sameYear = yearOf(ts, options) === yearOf(now, options);
  return formatter('en-GB', { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }), ...zone(options) }).format(ts);
}

/** "12 Mar 2025, 14:05": for tooltips and old thread entries. */
export function absoluteDateTime(ts: number, options: TimeFormatOptions = {}): string {
  return formatter('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...zone(options),
  }).format(ts);
}

function yearOf(ts: number, options: TimeFormatOptions): string {
  return formatter('en', { year: 'numeric', ...zone(options) }).format(ts);
}

function zone(options: TimeFormatOptions): { timeZone?: string } {
  return options.timeZone === undefined ? {} : { timeZone: options.timeZone };
}

/** A day divider of the thread: "Today", "Yesterday", "Monday 10 March", with the year if not this one. */
export function dayLabel(ts: number, now: number, options: TimeFormatOptions = {}): string {
  const day = dayKey(ts, options);
  if (day === dayKey(now, options)) return 'Today';
  if (day === dayKey(now - DAY, options)) return 'Yesterday';
  const sameYear = yearOf(ts, options) === yearOf(now, options);
  const weekday = formatter('en-GB', { weekday: 'long', ...zone(options) }).format(ts);
  const date = formatter('en-GB', { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }), ...zone(options) });
  return `${weekday} ${date.format(ts)}`;
}

/** The calendar day of a time, as "YYYY-MM-DD" in the given (or local) time zone. */
export function dayKey(ts: number, options: TimeFormatOptions = {}): string {
  return formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...zone(options) }).format(ts);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a DateTimeFormat is slow, and a long thread asks for a few of them per entry. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}
