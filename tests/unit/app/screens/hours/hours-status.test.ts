import { describe, expect, it } from 'vitest';
import { defaultHours } from '../../../../../src/protocol/hours/hours-model';
import { hoursStatus, whenText } from '../../../../../src/app/screens/hours/hours-status';

/** Local wall-clock dates, so the expectations hold in any time zone the tests run in. */
const local = (day: number, hour: number, minute = 0) => new Date(2026, 11, day, hour, minute);

describe('the sidebar’s business hours line', () => {
  it('says the time alone today, the weekday within a week, the date after that', () => {
    const now = local(3, 10);
    expect(whenText(local(3, 18), now, 'en-GB')).toBe('18:00');
    expect(whenText(local(7, 9), now, 'en-GB')).toBe('Mon 09:00');
    expect(whenText(local(14, 9), now, 'en-GB')).toBe('14 Dec 09:00');
  });

  it('is open with its closing time, closed with its next opening, and absent without hours', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const hours = defaultHours(zone);
    // Thursday 3 December 2026 at 10:00 and 18:00, Friday 4 at 18:00 in the zone the tests run in.
    expect(hoursStatus(hours, local(3, 10), 'en-GB')).toMatchObject({ open: true, text: 'Open', detail: 'closes 17:00' });
    expect(hoursStatus(hours, local(3, 18), 'en-GB')).toMatchObject({ open: false, text: 'Closed', detail: 'opens Fri 09:00' });
    expect(hoursStatus(hours, local(4, 18), 'en-GB')).toMatchObject({ open: false, detail: 'opens Mon 09:00', changesAt: local(7, 9).getTime() });
    expect(hoursStatus({ ...hours, week: [[], [], [], [], [], [], []] }, local(3, 10))).toMatchObject({ open: false, detail: null, changesAt: null });
    expect(hoursStatus(null, local(3, 10))).toBeNull();
  });
});
