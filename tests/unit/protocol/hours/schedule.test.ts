import { describe, expect, it } from 'vitest';
import type { BusinessHours, Range, ScheduleHours } from '../../../../src/protocol/hours/hours-model';
import { withPublicHolidays } from '../../../../src/protocol/hours/public-holidays';
import {
  addBusinessMillis,
  businessMillisBetween,
  closedPeriodStart,
  isOpenAt,
  nextClosing,
  nextOpening,
} from '../../../../src/protocol/hours/schedule';

const HOUR = 3_600_000;
const nineToFive: Range[] = [{ start: '09:00', end: '17:00' }];

/** Hours as the server sends them: the country's public holidays resolved around December 2026. */
function hours(partial: Partial<BusinessHours> & { week?: Range[][] }): ScheduleHours {
  const plain: BusinessHours = {
    timezone: 'Europe/Berlin',
    week: [nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, [], []],
    holidays: { country: null, dates: [] },
    ...partial,
  };
  return withPublicHolidays(plain, new Date('2026-12-01T00:00:00Z'));
}

const at = (iso: string) => new Date(iso);

describe('null hours: always open', () => {
  it('is open, never closes or opens, and every millisecond counts', () => {
    expect(isOpenAt(null, at('2026-12-05T03:00:00Z'))).toBe(true);
    expect(nextOpening(null, at('2026-12-05T03:00:00Z'))).toBeNull();
    expect(nextClosing(null, at('2026-12-05T03:00:00Z'))).toBeNull();
    expect(closedPeriodStart(null, at('2026-12-05T03:00:00Z'))).toBeNull();
    expect(businessMillisBetween(null, at('2026-12-05T00:00:00Z'), at('2026-12-05T02:00:00Z'))).toBe(2 * HOUR);
    expect(addBusinessMillis(null, at('2026-12-05T00:00:00Z'), HOUR)).toEqual(at('2026-12-05T01:00:00Z'));
  });
});

describe('time zones', () => {
  it('reads the ranges in the schedule’s zone, not UTC', () => {
    const berlin = hours({});
    // Thursday 3 December 2026, Berlin is UTC+1.
    expect(isOpenAt(berlin, at('2026-12-03T07:59:00Z'))).toBe(false);
    expect(isOpenAt(berlin, at('2026-12-03T08:00:00Z'))).toBe(true);
    expect(isOpenAt(berlin, at('2026-12-03T15:59:00Z'))).toBe(true);
    expect(isOpenAt(berlin, at('2026-12-03T16:00:00Z'))).toBe(false);
    const tokyo = hours({ timezone: 'Asia/Tokyo' });
    // 09:00 in Tokyo (UTC+9) is 00:00 UTC.
    expect(isOpenAt(tokyo, at('2026-12-03T00:30:00Z'))).toBe(true);
    expect(isOpenAt(tokyo, at('2026-12-03T08:30:00Z'))).toBe(false);
  });

  it('tells when the team closes and opens next', () => {
    const berlin = hours({});
    expect(nextClosing(berlin, at('2026-12-03T10:00:00Z'))).toEqual(at('2026-12-03T16:00:00Z'));
    expect(nextOpening(berlin, at('2026-12-03T10:00:00Z'))).toBeNull();
    // Friday evening: next opening is Monday 09:00 Berlin.
    expect(nextOpening(berlin, at('2026-12-04T18:00:00Z'))).toEqual(at('2026-12-07T08:00:00Z'));
    expect(nextClosing(berlin, at('2026-12-04T18:00:00Z'))).toBeNull();
  });

  it('never opens when no day has a range', () => {
    const never = hours({ week: [[], [], [], [], [], [], []] });
    expect(isOpenAt(never, at('2026-12-03T10:00:00Z'))).toBe(false);
    expect(nextOpening(never, at('2026-12-03T10:00:00Z'))).toBeNull();
    expect(addBusinessMillis(never, at('2026-12-03T10:00:00Z'), HOUR)).toBeNull();
    expect(businessMillisBetween(never, at('2026-12-01T00:00:00Z'), at('2026-12-31T00:00:00Z'))).toBe(0);
  });
});

describe('ranges past midnight', () => {
  const nights = hours({ week: [[], [], [], [], [{ start: '22:00', end: '02:00' }], [], []] });

  it('keeps Friday 22:00–02:00 open on Saturday at 01:00, closed at 02:00', () => {
    // Saturday 5 December 2026 01:00 Berlin = 00:00 UTC.
    expect(isOpenAt(nights, at('2026-12-05T00:00:00Z'))).toBe(true);
    expect(isOpenAt(nights, at('2026-12-05T01:00:00Z'))).toBe(false);
    expect(isOpenAt(nights, at('2026-12-04T20:59:00Z'))).toBe(false);
    expect(isOpenAt(nights, at('2026-12-04T21:00:00Z'))).toBe(true);
    expect(nextClosing(nights, at('2026-12-04T23:00:00Z'))).toEqual(at('2026-12-05T01:00:00Z'));
  });

  it('joins a range ending at midnight with the next day’s from midnight', () => {
    const joined = hours({ week: [[{ start: '20:00', end: '00:00' }], [{ start: '00:00', end: '03:00' }], [], [], [], [], []] });
    // Monday 7 December 2026 21:00 Berlin: open until Tuesday 03:00 without a break.
    expect(nextClosing(joined, at('2026-12-07T20:00:00Z'))).toEqual(at('2026-12-08T02:00:00Z'));
    expect(closedPeriodStart(joined, at('2026-12-08T05:00:00Z'))).toEqual(at('2026-12-08T02:00:00Z'));
  });

  it('runs Sunday night into Monday morning', () => {
    const sunday = hours({ week: [[], [], [], [], [], [], [{ start: '23:00', end: '01:00' }]] });
    // Monday 7 December 2026 00:30 Berlin = Sunday 23:30 UTC.
    expect(isOpenAt(sunday, at('2026-12-06T23:30:00Z'))).toBe(true);
  });
});

describe('daylight saving time (Europe/Berlin)', () => {
  it('opens one hour on the spring-forward night for a 02:00–04:00 range', () => {
    // Sunday 29 March 2026: 02:00 CET jumps to 03:00 CEST (01:00 UTC).
    const night = hours({ week: [[], [], [], [], [], [], [{ start: '02:00', end: '04:00' }]] });
    expect(isOpenAt(night, at('2026-03-29T00:59:00Z'))).toBe(false);
    expect(isOpenAt(night, at('2026-03-29T01:00:00Z'))).toBe(true);
    expect(nextClosing(night, at('2026-03-29T01:00:00Z'))).toEqual(at('2026-03-29T02:00:00Z'));
    expect(businessMillisBetween(night, at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'))).toBe(HOUR);
  });

  it('opens four hours in the autumn night for a 00:00–03:00 range, the repeated hour counted', () => {
    // Sunday 25 October 2026: 03:00 CEST goes back to 02:00 CET (01:00 UTC); 02:00–03:00 happens twice.
    const night = hours({ week: [[], [], [], [], [], [], [{ start: '00:00', end: '03:00' }]] });
    expect(nextOpening(night, at('2026-10-24T20:00:00Z'))).toEqual(at('2026-10-24T22:00:00Z'));
    expect(isOpenAt(night, at('2026-10-25T01:30:00Z'))).toBe(true);
    expect(nextClosing(night, at('2026-10-24T23:00:00Z'))).toEqual(at('2026-10-25T02:00:00Z'));
    expect(businessMillisBetween(night, at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z'))).toBe(4 * HOUR);
  });

  it('starts a range in the repeated hour at its first occurrence', () => {
    const night = hours({ week: [[], [], [], [], [], [], [{ start: '02:30', end: '05:00' }]] });
    // The first 02:30 is CEST, 00:30 UTC.
    expect(nextOpening(night, at('2026-10-24T20:00:00Z'))).toEqual(at('2026-10-25T00:30:00Z'));
  });

  it('keeps 09:00 local across the change: 08:00 UTC in winter, 07:00 UTC in summer', () => {
    const berlin = hours({});
    expect(nextOpening(berlin, at('2026-03-27T18:00:00Z'))).toEqual(at('2026-03-30T07:00:00Z'));
    expect(nextOpening(berlin, at('2026-10-23T18:00:00Z'))).toEqual(at('2026-10-26T08:00:00Z'));
  });
});

describe('holidays', () => {
  it('closes all day on a public holiday of the country', () => {
    // Friday 25 December 2026 is Christmas Day in Germany; Thursday 24 December is no public holiday there.
    const german = hours({ holidays: { country: 'DE', dates: [] } });
    expect(isOpenAt(german, at('2026-12-25T10:00:00Z'))).toBe(false);
    expect(isOpenAt(german, at('2026-12-24T10:00:00Z'))).toBe(true);
    // Boxing day (26th) is a Saturday: the next opening is Monday 28 December.
    expect(nextOpening(german, at('2026-12-24T17:00:00Z'))).toEqual(at('2026-12-28T08:00:00Z'));
    // Without the country the 25th is a plain Friday.
    expect(isOpenAt(hours({}), at('2026-12-25T10:00:00Z'))).toBe(true);
  });

  it('reads the public holidays resolved from the year before to two years after, and none from a copy not resolved yet', () => {
    const german = hours({ holidays: { country: 'DE', dates: [] } });
    expect(german.public_holidays).toContain('2025-12-25');
    expect(german.public_holidays).toContain('2028-12-25');
    expect(german.public_holidays).not.toContain('2029-12-25');
    expect(isOpenAt(german, at('2028-12-25T10:00:00Z'))).toBe(false);
    // An optimistic copy, before the server's answer, has only the country.
    const unresolved: BusinessHours = { ...german, holidays: { country: 'DE', dates: [] } };
    delete (unresolved as ScheduleHours).public_holidays;
    expect(isOpenAt(unresolved, at('2026-12-25T10:00:00Z'))).toBe(true);
  });

  it('takes another country’s holidays from its own calendar', () => {
    // Thursday 26 November 2026 is Thanksgiving in the United States, not in Germany.
    const us = hours({ timezone: 'America/New_York', holidays: { country: 'US', dates: [] } });
    expect(isOpenAt(us, at('2026-11-26T15:00:00Z'))).toBe(false);
    expect(isOpenAt(hours({ timezone: 'America/New_York' }), at('2026-11-26T15:00:00Z'))).toBe(true);
  });

  it('closes on a one-off closed date and opens with special hours on another', () => {
    const special = hours({
      holidays: {
        country: 'DE',
        dates: [
          { date: '2026-12-03', ranges: [], name: 'Team day' },
          { date: '2026-12-25', ranges: [{ start: '10:00', end: '12:00' }], name: 'Christmas hotline' },
        ],
      },
    });
    expect(isOpenAt(special, at('2026-12-03T10:00:00Z'))).toBe(false);
    expect(nextOpening(special, at('2026-12-03T10:00:00Z'))).toEqual(at('2026-12-04T08:00:00Z'));
    // A one-off date overrides the public holiday.
    expect(isOpenAt(special, at('2026-12-25T08:30:00Z'))).toBe(false);
    expect(isOpenAt(special, at('2026-12-25T09:30:00Z'))).toBe(true);
    expect(isOpenAt(special, at('2026-12-25T11:30:00Z'))).toBe(false);
  });

  it('keeps the night before a holiday running into it', () => {
    const nights = hours({
      week: [[], [], [], [], [{ start: '22:00', end: '02:00' }], [], []],
      holidays: { country: null, dates: [{ date: '2026-12-05', ranges: [] }] },
    });
    expect(isOpenAt(nights, at('2026-12-05T00:00:00Z'))).toBe(true);
  });
});

describe('closed periods', () => {
  const berlin = hours({});

  it('is keyed by when the team last closed, the same all weekend', () => {
    const fridayClose = at('2026-12-04T16:00:00Z');
    expect(closedPeriodStart(berlin, at('2026-12-04T18:00:00Z'))).toEqual(fridayClose);
    expect(closedPeriodStart(berlin, at('2026-12-06T12:00:00Z'))).toEqual(fridayClose);
    expect(closedPeriodStart(berlin, at('2026-12-07T07:59:00Z'))).toEqual(fridayClose);
    expect(closedPeriodStart(berlin, at('2026-12-07T08:00:00Z'))).toBeNull();
    expect(closedPeriodStart(berlin, at('2026-12-07T17:00:00Z'))).toEqual(at('2026-12-07T16:00:00Z'));
  });

  it('answers one fixed key for a schedule that never opens', () => {
    const never = hours({ week: [[], [], [], [], [], [], []] });
    expect(closedPeriodStart(never, at('2026-12-04T18:00:00Z'))).toEqual(new Date(0));
    expect(closedPeriodStart(never, at('2027-02-04T18:00:00Z'))).toEqual(new Date(0));
  });
});

describe('business time arithmetic', () => {
  const berlin = hours({});

  it('counts only open time across a weekend', () => {
    // Friday 15:00 Berlin to Monday 11:00 Berlin: 2 h Friday + 2 h Monday.
    expect(businessMillisBetween(berlin, at('2026-12-04T14:00:00Z'), at('2026-12-07T10:00:00Z'))).toBe(4 * HOUR);
    expect(businessMillisBetween(berlin, at('2026-12-07T10:00:00Z'), at('2026-12-04T14:00:00Z'))).toBe(0);
    // A whole week of 9–17 is 40 hours.
    expect(businessMillisBetween(berlin, at('2026-11-30T00:00:00Z'), at('2026-12-07T00:00:00Z'))).toBe(40 * HOUR);
  });

  it('adds open time across a weekend', () => {
    // 4 h from Friday 15:00 Berlin ends Monday 11:00 Berlin.
    expect(addBusinessMillis(berlin, at('2026-12-04T14:00:00Z'), 4 * HOUR)).toEqual(at('2026-12-07T10:00:00Z'));
    // From Saturday, the count starts on Monday at 09:00.
    expect(addBusinessMillis(berlin, at('2026-12-05T12:00:00Z'), HOUR)).toEqual(at('2026-12-07T09:00:00Z'));
    expect(addBusinessMillis(berlin, at('2026-12-05T12:00:00Z'), 0)).toEqual(at('2026-12-05T12:00:00Z'));
  });

  it('counts and adds across the spring DST change in wall-clock hours', () => {
    // Friday 27 March 2026 16:00 CET (15:00 UTC) to Monday 30 March 10:00 CEST (08:00 UTC): 1 h + 1 h.
    expect(businessMillisBetween(berlin, at('2026-03-27T15:00:00Z'), at('2026-03-30T08:00:00Z'))).toBe(2 * HOUR);
    expect(addBusinessMillis(berlin, at('2026-03-27T15:00:00Z'), 2 * HOUR)).toEqual(at('2026-03-30T08:00:00Z'));
  });

  it('inverts: adding what lies between gives the end again', () => {
    const nights = hours({ week: [[nineToFive[0]!], [], [], [], [{ start: '22:00', end: '02:00' }], [{ start: '10:00', end: '14:00' }], []] });
    const from = at('2026-10-19T12:00:00Z');
    const to = at('2026-11-03T09:15:00Z');
    const between = businessMillisBetween(nights, from, to);
    expect(between).toBeGreaterThan(0);
    expect(addBusinessMillis(nights, from, between)!.getTime()).toBeLessThanOrEqual(to.getTime());
    expect(businessMillisBetween(nights, from, addBusinessMillis(nights, from, between)!)).toBe(between);
  });
});
