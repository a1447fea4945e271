import { z } from 'zod';
import { multiLineText, singleLineText } from '../api/text-fields';
import { HOLIDAY_COUNTRY_CODES } from './holiday-countries';

/**
 * An organization's business hours (§3 organization `hours`, issue 37): a week in one IANA time
 * zone, several ranges a day, and holidays (a country's public holidays, plus one-off closed or
 * special-hours dates). A range whose end is at or before its start runs past midnight into the
 * next day: Friday 22:00–02:00 is open on Saturday at 01:00. A range belongs to the day it starts
 * on, so a holiday on Saturday closes Saturday's ranges but not Friday's night running into it.
 *
 * The server validates with these schemas and the screen shows their messages in place; each
 * message reads after the field's name or alone ("Monday 10:00–13:00 overlaps 09:00–12:00.").
 */

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const HOURS_LIMITS = { rangesPerDay: 8, dates: 200, dateName: 80, autoReply: 2_000 } as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const HOURS_ERRORS = {
  time: 'Enter a time as HH:MM, from 00:00 to 23:59.',
  sameTimes: 'The end must differ from the start (an end at or before the start runs past midnight).',
  zone: 'Choose a time zone from the list (an IANA name such as Europe/Berlin).',
  country: 'Choose a country from the list, or no public holidays.',
  date: 'Enter a date as YYYY-MM-DD.',
  duplicateDate: (date: string) => `${date} is already listed; give each date once.`,
  tooManyRanges: `A day holds at most ${HOURS_LIMITS.rangesPerDay} ranges.`,
  tooManyDates: `At most ${HOURS_LIMITS.dates} dates can be listed.`,
  week: 'The week must list seven days, Monday first.',
  overlap: (day: string, range: Range, other: Range, otherDay: string | null) =>
    `${day} ${formatRange(range)} overlaps ${otherDay ? `${otherDay}'s ` : ''}${formatRange(other)}.`,
  autoReplyEmpty: 'Write the auto-reply, or turn it off.',
} as const;

export type Range = { start: string; end: string };

/** Minutes since midnight of an `HH:MM` time. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Whether the range ends on the next day (its end at or before its start). */
export function isPastMidnight(range: Range): boolean {
  return minutesOf(range.end) <= minutesOf(range.start);
}

export function formatRange(range: Range): string {
  return `${range.start}–${range.end}`;
}

/** Whether date-holidays knows the country's public holidays (ISO 3166 alpha-2, upper case). */
export function isKnownCountry(code: string): boolean {
  return HOLIDAY_COUNTRY_CODES.has(code);
}

/** Whether the runtime knows the IANA zone (`UTC` included, offsets such as `+02:00` not). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone !== 'UTC' && !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, day));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day;
}

const timeField = z.string({ error: HOURS_ERRORS.time }).regex(TIME, { error: HOURS_ERRORS.time });

export const rangeSchema = z
  .object({ start: timeField, end: timeField })
  .refine((range) => range.start !== range.end, { error: HOURS_ERRORS.sameTimes, path: ['end'] });

const dayRanges = z.array(rangeSchema).max(HOURS_LIMITS.rangesPerDay, { error: HOURS_ERRORS.tooManyRanges });

type Span = { from: number; to: number; range: Range; index: number | null };

function isWellFormed(range: Range): boolean {
  return TIME.test(range.start) && TIME.test(range.end) && range.start !== range.end;
}

/**
 * The well-formed ranges of one day in minutes from its midnight (a past-midnight range ends
 * after 1440); a malformed one has its own error already.
 */
function spansOf(ranges: readonly Range[]): Span[] {
  return ranges.flatMap((range, index) => {
    if (!isWellFormed(range)) return [];
    const from = minutesOf(range.start);
    const end = minutesOf(range.end);
    return [{ from, to: end <= from ? end + 1440 : end, range, index }];
  });
}

/**
 * The overlaps in one day's ranges, with the previous day's past-midnight ranges running into
 * its morning: one issue on each later range that overlaps an earlier one.
 */
function addOverlapIssues(
  ctx: z.RefinementCtx,
  ranges: readonly Range[],
  day: string,
  path: (string | number)[],
  previous: { ranges: readonly Range[]; day: string } | null,
): void {
  const spill: Span[] = previous
    ? spansOf(previous.ranges)
        .filter((span) => span.to > 1440)
        .map((span) => ({ from: 0, to: span.to - 1440, range: span.range, index: null }))
    : [];
  const own = spansOf(ranges);
  const all = [...spill, ...own].sort((a, b) => a.from - b.from || (a.index ?? -1) - (b.index ?? -1));
  const reported = new Set<number>();
  for (let i = 0; i < all.length; i += 1) {
    for (let j = i + 1; j < all.length; j += 1) {
      const a = all[i]!;
      const b = all[j]!;
      if (b.from >= a.to) continue;
      const later = b.index !== null ? b : a;
      const earlier = later === b ? a : b;
      if (later.index === null || reported.has(later.index)) continue;
      reported.add(later.index);
      ctx.addIssue({
        code: 'custom',
        path: [...path, later.index],
        message: HOURS_ERRORS.overlap(day, later.range, earlier.range, earlier.index === null ? (previous?.day ?? null) : null),
      });
    }
  }
}

const weekSchema = z
  .array(dayRanges, { error: HOURS_ERRORS.week })
  .length(7, { error: HOURS_ERRORS.week })
  .superRefine((week, ctx) => {
    week.forEach((ranges, day) => {
      const previousDay = (day + 6) % 7;
      addOverlapIssues(ctx, ranges, WEEKDAY_NAMES[day]!, [day], { ranges: week[previousDay] ?? [], day: WEEKDAY_NAMES[previousDay]! });
    });
  });

export const holidayDateSchema = z.object({
  date: z.string({ error: HOURS_ERRORS.date }).refine(isCalendarDate, { error: HOURS_ERRORS.date }),
  ranges: dayRanges,
  name: singleLineText().trim().max(HOURS_LIMITS.dateName).optional(),
});

export const businessHoursSchema = z.object({
  timezone: z.string({ error: HOURS_ERRORS.zone }).refine(isKnownTimeZone, { error: HOURS_ERRORS.zone }),
  week: weekSchema,
  holidays: z.object({
    country: z
      .string({ error: HOURS_ERRORS.country })
      .refine(isKnownCountry, { error: HOURS_ERRORS.country })
      .nullable(),
    dates: z
      .array(holidayDateSchema)
      .max(HOURS_LIMITS.dates, { error: HOURS_ERRORS.tooManyDates })
      .superRefine((dates, ctx) => {
        const seen = new Set<string>();
        dates.forEach((entry, index) => {
          if (seen.has(entry.date)) ctx.addIssue({ code: 'custom', path: [index, 'date'], message: HOURS_ERRORS.duplicateDate(entry.date) });
          seen.add(entry.date);
          addOverlapIssues(ctx, entry.ranges, entry.date, [index, 'ranges'], null);
        });
      }),
  }),
});

export type BusinessHours = z.output<typeof businessHoursSchema>;

/**
 * Hours as the schedule functions read them: with the public holidays of their country resolved
 * to dates (`YYYY-MM-DD`, public-holidays.ts `withPublicHolidays`). The server resolves them in
 * every copy it reads or sends, so the app and the widget need no holiday data; a copy without
 * them (an optimistic one, before the server's answer) keeps the country's holidays open.
 */
export type ScheduleHours = BusinessHours & { public_holidays?: readonly string[] };

/** An auto-reply sent outside business hours on one channel (email or chat). */
export const autoReplySchema = z
  .object({ enabled: z.boolean(), text: multiLineText().max(HOURS_LIMITS.autoReply) })
  .refine((reply) => !reply.enabled || reply.text.trim() !== '', { error: HOURS_ERRORS.autoReplyEmpty, path: ['text'] });

export type AutoReply = z.output<typeof autoReplySchema>;

export const AUTO_REPLY_OFF: AutoReply = { enabled: false, text: '' };

/**
 * What the organization stores and `POST organization/hours` takes: the schedule and, beside it,
 * the auto-replies. A `BusinessHours` wherever the schedule functions need one.
 */
export const organizationHoursSchema = businessHoursSchema.extend({
  auto_reply: z.object({ email: autoReplySchema, chat: autoReplySchema }).default({ email: AUTO_REPLY_OFF, chat: AUTO_REPLY_OFF }),
});

export type OrganizationHours = z.output<typeof organizationHoursSchema>;

/** Monday to Friday 09:00–17:00 in `timezone`: what the screen offers before any hours are saved. */
export function defaultHours(timezone: string): OrganizationHours {
  const workday = [{ start: '09:00', end: '17:00' }];
  return {
    timezone,
    week: [workday, workday, workday, workday, workday, [], []],
    holidays: { country: null, dates: [] },
    auto_reply: { email: AUTO_REPLY_OFF, chat: AUTO_REPLY_OFF },
  };
}

/**
 * The older stored shape, `{timezone, days: [{open, close} | null]}` (one range a day, Monday
 * first), read as the new model: no holidays, no auto-reply. Anything unreadable is null.
 */
export function fromLegacyHours(value: { timezone: string; days: ({ open: string; close: string } | null)[] }): OrganizationHours | null {
  const week = Array.from({ length: 7 }, (_, day) => {
    const entry = value.days[day];
    return entry && TIME.test(entry.open) && TIME.test(entry.close) && entry.open !== entry.close ? [{ start: entry.open, end: entry.close }] : [];
  });
  const parsed = organizationHoursSchema.safeParse({ timezone: value.timezone, week, holidays: { country: null, dates: [] } });
  return parsed.success ? parsed.data : null;
}
