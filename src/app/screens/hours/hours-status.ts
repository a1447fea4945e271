import type { BusinessHours } from '../../../protocol/hours/hours-model';
import { isOpenAt, nextClosing, nextOpening } from '../../../protocol/hours/schedule';

/** Whether the team is in at `now` and the line that says so ("Open · closes 18:00"). */
export type HoursStatus = { open: boolean; text: string; detail: string | null; changesAt: number | null };

const DAY = 86_400_000;

/**
 * When something happens, as an agent reads it in their own time zone: the time alone today,
 * with the weekday within the coming week, with the date after that.
 */
export function whenText(at: Date, now: Date, locale?: string): string {
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const days = Math.floor((at.getTime() - startOfToday) / DAY);
  if (days <= 0) return time;
  if (days < 7) return `${at.toLocaleDateString(locale, { weekday: 'short' })} ${time}`;
  return `${at.toLocaleDateString(locale, { day: 'numeric', month: 'short' })} ${time}`;
}

/** The sidebar's line; null when the organization set no hours (always open, nothing to say). */
export function hoursStatus(hours: BusinessHours | null | undefined, now: Date, locale?: string): HoursStatus | null {
  if (!hours) return null;
  if (isOpenAt(hours, now)) {
    const closes = nextClosing(hours, now);
    return { open: true, text: 'Open', detail: closes ? `closes ${whenText(closes, now, locale)}` : null, changesAt: closes?.getTime() ?? null };
  }
  const opens = nextOpening(hours, now);
  return { open: false, text: 'Closed', detail: opens ? `opens ${whenText(opens, now, locale)}` : null, changesAt: opens?.getTime() ?? null };
}
