import Holidays from 'date-holidays';
import type { BusinessHours } from './hours-model';
import { isKnownCountry } from './hours-model';

/**
 * A country's public holidays from the maintained date-holidays package (only its `public`
 * type: not bank, school, optional or observance days). The schedule closes on each of them all
 * day. Computed once per country and year, so a schedule scan over many days stays cheap.
 */

export type PublicHoliday = { date: string; name: string };

let countryNames: Record<string, string> | null = null;

function countries(): Record<string, string> {
  countryNames ??= new Holidays().getCountries('en');
  return countryNames;
}

/** The countries whose public holidays are known, by ISO 3166 alpha-2 code, with English names. */
export function holidayCountries(): { code: string; name: string }[] {
  return Object.entries(countries())
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}


const calendars = new Map<string, Holidays>();
const years = new Map<string, PublicHoliday[]>();

/** The public holidays of `country` in `year`, by date, in the country's own calendar. */
export function publicHolidays(country: string, year: number): PublicHoliday[] {
  const key = `${country}:${year}`;
  const cached = years.get(key);
  if (cached) return cached;
  let calendar = calendars.get(country);
  if (!calendar && isKnownCountry(country)) {
    calendar = new Holidays(country);
    calendars.set(country, calendar);
  }
  const seen = new Set<string>();
  const list = calendar
    ? calendar
        .getHolidays(year, 'en')
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }))
        .filter((holiday) => (seen.has(holiday.date) ? false : (seen.add(holiday.date), true)))
    : [];
  years.set(key, list);
  return list;
}

/** The years whose public holidays a resolved copy lists: the one before `at`'s to two after. */
const YEARS_BEFORE = 1;
const YEARS_AFTER = 2;

/**
 * `hours` with the public holidays of its country as dates, from the year before `at` to two
 * years after: what the schedule functions read (hours-model.ts `ScheduleHours`). Only the server
 * calls this, so the app and the widget carry no holiday data.
 */
export function withPublicHolidays<T extends BusinessHours>(hours: T, at: Date): T & { public_holidays: string[] } {
  const country = hours.holidays.country;
  const year = at.getUTCFullYear();
  const dates: string[] = [];
  if (country) {
    for (let y = year - YEARS_BEFORE; y <= year + YEARS_AFTER; y += 1) dates.push(...publicHolidays(country, y).map((holiday) => holiday.date));
  }
  return { ...hours, public_holidays: dates };
}
