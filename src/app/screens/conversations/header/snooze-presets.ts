/** A ready-made snooze: its words and its time (epoch ms). */
export type SnoozePreset = { id: 'later' | 'tomorrow' | 'next-week'; label: string; until: number };

/** The morning hour "tomorrow" and "next week" wake at, in the agent's own time zone. */
export const SNOOZE_MORNING_HOUR = 9;
/** "Later today": this many hours from now. */
export const SNOOZE_LATER_HOURS = 3;
/** "Later today" is offered only while it ends by this hour: later than that is not today's work. */
export const SNOOZE_LATER_LATEST_HOUR = 20;

/** The agent's time zone: the device's. */
export function agentTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A wall-clock date in a time zone (month 1–12; day and hour may overflow, as in Date.UTC). */
type WallClock = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `time`. */
export function wallClock(time: number, timeZone: string): WallClock {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    partsFormats.set(timeZone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(format.formatToParts(time).find((p) => p.type === type)?.value ?? 0);
  const [year, month, day, hour, minute] = [part('year'), part('month'), part('day'), part('hour'), part('minute')];
  return { year, month, day, hour, minute, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** How far `timeZone` is ahead of UTC at `time`, in ms. */
function offsetAt(time: number, timeZone: string): number {
  const clock = wallClock(time, timeZone);
  // Offsets are whole minutes: compare to the minute.
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute) - Math.floor(time / 60_000) * 60_000;
}

/** The instant a wall-clock time in `timeZone` names (a time skipped by a clock change moves forward). */
export function zonedTime(clock: Pick<WallClock, 'year' | 'month' | 'day' | 'hour' | 'minute'>, timeZone: string): number {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}

const dayKey = (clock: WallClock) => `${clock.year}-${clock.month}-${clock.day}`;

/**
 * The snooze presets at `now`, in the agent's time zone: later today (in 3 hours, offered only
 * while that is still today and by 20:00, so late in the evening it is not offered and is never
 * "tomorrow 00:56"), tomorrow at 9:00 and next week (the coming Monday) at 9:00, unless that is
 * tomorrow (Sunday). Pure, so the presets are tested at any hour and in any zone.
 */
export function snoozePresets(now: Date, timeZone: string = agentTimeZone()): SnoozePreset[] {
  const today = wallClock(now.getTime(), timeZone);
  const later = now.getTime() + SNOOZE_LATER_HOURS * 3600_000;
  const laterClock = wallClock(later, timeZone);
  const laterIsToday = dayKey(laterClock) === dayKey(today) && laterClock.hour * 60 + laterClock.minute <= SNOOZE_LATER_LATEST_HOUR * 60;
  const morning = (days: number) => zonedTime({ year: today.year, month: today.month, day: today.day + days, hour: SNOOZE_MORNING_HOUR, minute: 0 }, timeZone);
  const daysToMonday = (8 - today.weekday) % 7 || 7;
  const presets: SnoozePreset[] = [];
  if (laterIsToday) presets.push({ id: 'later', label: 'Later today', until: later });
  presets.push({ id: 'tomorrow', label: 'Tomorrow', until: morning(1) });
  if (daysToMonday > 1) presets.push({ id: 'next-week', label: 'Next week', until: morning(daysToMonday) });
  return presets;
}

/** The value of a `datetime-local` field for a time (local, to the minute). */
export function toLocalInputValue(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** When a snooze ends, in words, in the agent's time zone: "today 17:30", "tomorrow 09:00", "Mon 2 Dec 09:00". */
export function snoozeEndText(until: number, now: Date, timeZone: string = agentTimeZone()): string {
  const time = new Date(until).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone });
  const end = wallClock(until, timeZone);
  const today = wallClock(now.getTime(), timeZone);
  const tomorrow = wallClock(zonedTime({ ...today, day: today.day + 1, hour: 12, minute: 0 }, timeZone), timeZone);
  if (dayKey(end) === dayKey(today)) return `today ${time}`;
  if (dayKey(end) === dayKey(tomorrow)) return `tomorrow ${time}`;
  return `${new Date(until).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone })} ${time}`;
}

/**
 * The snooze button's words, short enough for a phone's header: "today 17:30", "tomorrow 09:00",
 * "Mon 09:00" within the week, else the date alone ("14 Dec"). The full end is its tooltip.
 */
export function snoozeButtonText(until: number, now: Date, timeZone: string = agentTimeZone()): string {
  const full = snoozeEndText(until, now, timeZone);
  if (/^(today|tomorrow) /.test(full)) return full;
  const today = wallClock(now.getTime(), timeZone);
  const weekAhead = zonedTime({ ...today, day: today.day + 7, hour: 0, minute: 0 }, timeZone);
  if (until < weekAhead) {
    const weekday = new Date(until).toLocaleDateString(undefined, { weekday: 'short', timeZone });
    const time = new Date(until).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone });
    return `${weekday} ${time}`;
  }
  return new Date(until).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone });
}
