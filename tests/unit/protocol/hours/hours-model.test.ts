import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../../src/protocol/api/requests';
import { HOURS_ERRORS, businessHoursSchema, defaultHours, fromLegacyHours, organizationHoursSchema } from '../../../../src/protocol/hours/hours-model';
import { holidayCountries, publicHolidays } from '../../../../src/protocol/hours/public-holidays';

const valid = () => defaultHours('Europe/Berlin');

function errorsOf(value: unknown): Record<string, string> {
  const result = organizationHoursSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

describe('business hours validation', () => {
  it('accepts the default week and reads as BusinessHours', () => {
    expect(businessHoursSchema.safeParse(valid()).success).toBe(true);
    expect(errorsOf(valid())).toEqual({});
  });

  it('refuses an unknown time zone and a UTC offset', () => {
    expect(errorsOf({ ...valid(), timezone: 'Mars/Olympus' })).toEqual({ timezone: HOURS_ERRORS.zone });
    expect(errorsOf({ ...valid(), timezone: '+02:00' })).toHaveProperty('timezone');
    expect(errorsOf({ ...valid(), timezone: 'UTC' })).toEqual({});
  });

  it('refuses a bad time and an end equal to the start, per field', () => {
    const hours = valid();
    hours.week[1] = [{ start: '9:00', end: '17:00' }];
    hours.week[2] = [{ start: '10:00', end: '10:00' }];
    hours.week[3] = [{ start: '24:00', end: '10:00' }];
    expect(errorsOf(hours)).toEqual({
      'week.1.0.start': 'Enter a time as HH:MM, from 00:00 to 23:59.',
      'week.2.0.end': HOURS_ERRORS.sameTimes,
      'week.3.0.start': 'Enter a time as HH:MM, from 00:00 to 23:59.',
    });
  });

  it('names overlapping ranges in a day, and a past-midnight range running into the next', () => {
    const hours = valid();
    hours.week[0] = [
      { start: '09:00', end: '12:00' },
      { start: '11:00', end: '13:00' },
    ];
    hours.week[4] = [{ start: '22:00', end: '03:00' }];
    hours.week[5] = [{ start: '02:00', end: '06:00' }];
    expect(errorsOf(hours)).toEqual({
      'week.0.1': 'Monday 11:00–13:00 overlaps 09:00–12:00.',
      'week.5.0': "Saturday 02:00–06:00 overlaps Friday's 22:00–03:00.",
    });
  });

  it('allows ranges that touch, and Friday 22:00–02:00 beside Saturday from 02:00', () => {
    const hours = valid();
    hours.week[0] = [
      { start: '09:00', end: '12:00' },
      { start: '12:00', end: '17:00' },
    ];
    hours.week[4] = [{ start: '22:00', end: '02:00' }];
    hours.week[5] = [{ start: '02:00', end: '06:00' }];
    expect(errorsOf(hours)).toEqual({});
  });

  it('refuses an unknown country, a date that does not exist, a repeated date and a week of six days', () => {
    const hours = { ...valid(), week: valid().week.slice(0, 6) };
    hours.holidays = {
      country: 'XX',
      dates: [
        { date: '2026-02-30', ranges: [] },
        { date: '2026-12-24', ranges: [] },
        { date: '2026-12-24', ranges: [{ start: '10:00', end: '12:00' }] },
      ],
    };
    expect(errorsOf(hours)).toEqual({
      week: 'The week must list seven days, Monday first.',
      'holidays.country': HOURS_ERRORS.country,
      'holidays.dates.0.date': 'Enter a date as YYYY-MM-DD.',
      'holidays.dates.2.date': '2026-12-24 is already listed; give each date once.',
    });
  });

  it('refuses control characters in a date’s name and an auto-reply switched on without text', () => {
    const hours = valid();
    hours.holidays.dates = [{ date: '2026-12-24', ranges: [], name: 'Eve\u0000' }];
    hours.auto_reply.chat = { enabled: true, text: '  ' };
    expect(errorsOf(hours)).toEqual({
      'holidays.dates.0.name': 'must not contain control characters',
      'auto_reply.chat.text': 'Write the auto-reply, or turn it off.',
    });
  });
});

describe('older stored hours', () => {
  it('reads {timezone, days} as a week of one range a day, closed where null', () => {
    const read = fromLegacyHours({ timezone: 'Europe/Paris', days: [{ open: '08:00', close: '16:00' }, null, null, null, null, null, null] });
    expect(read?.timezone).toBe('Europe/Paris');
    expect(read?.week[0]).toEqual([{ start: '08:00', end: '16:00' }]);
    expect(read?.week[1]).toEqual([]);
    expect(read?.holidays).toEqual({ country: null, dates: [] });
    expect(fromLegacyHours({ timezone: 'Nowhere', days: [] })).toBeNull();
  });
});

describe('public holidays', () => {
  it('lists a country’s public holidays in English, not its observances', () => {
    const german = publicHolidays('DE', 2026);
    expect(german).toContainEqual({ date: '2026-12-25', name: 'Christmas Day' });
    expect(german.some((holiday) => holiday.date === '2026-02-14')).toBe(false);
    expect(holidayCountries()).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(publicHolidays('XX', 2026)).toEqual([]);
  });
});
