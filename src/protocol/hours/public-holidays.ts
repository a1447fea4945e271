import Holidays from 'date-holidays';

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

export function isKnownCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && Object.hasOwn(countries(), code);
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

const dateSets = new Map<string, Set<string>>();

/** Whether `date` (YYYY-MM-DD) is a public holiday of `country`. */
export function isPublicHoliday(country: string, date: string): boolean {
  const year = Number(date.slice(0, 4));
  const key = `${country}:${year}`;
  let dates = dateSets.get(key);
  if (!dates) {
    dates = new Set(publicHolidays(country, year).map((holiday) => holiday.date));
    dateSets.set(key, dates);
  }
  return dates.has(date);
}
