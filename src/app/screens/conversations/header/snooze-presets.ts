/** A ready-made snooze: its words and its time (epoch ms). */
export type SnoozePreset = { id: 'later' | 'tomorrow' | 'next-week'; label: string; until: number };

/** The morning hour "tomorrow" and "next week" wake at, in the agent's own time zone. */
export const SNOOZE_MORNING_HOUR = 9;
/** "Later today": this many hours from now. */
export const SNOOZE_LATER_HOURS = 3;

/**
 * The snooze presets at `now`, in the agent's local time: later today (in 3 hours), tomorrow at
 * 9:00 and next week (the coming Monday) at 9:00. Pure, so the presets are tested at any hour.
 */
export function snoozePresets(now: Date): SnoozePreset[] {
  const later = new Date(now.getTime() + SNOOZE_LATER_HOURS * 3600_000);
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, SNOOZE_MORNING_HOUR);
  const daysToMonday = ((8 - now.getDay()) % 7) || 7;
  const nextWeek = new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysToMonday, SNOOZE_MORNING_HOUR);
  return [
    { id: 'later', label: 'Later today', until: later.getTime() },
    { id: 'tomorrow', label: 'Tomorrow', until: tomorrow.getTime() },
    { id: 'next-week', label: 'Next week', until: nextWeek.getTime() },
  ];
}

/** The value of a `datetime-local` field for a time (local, to the minute). */
export function toLocalInputValue(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** When a snooze ends, in words: "today 17:30", "tomorrow 09:00", "Mon 2 Dec 09:00". */
export function snoozeEndText(until: number, now: Date): string {
  const date = new Date(until);
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const day = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset).toDateString();
  if (date.toDateString() === day(0)) return `today ${time}`;
  if (date.toDateString() === day(1)) return `tomorrow ${time}`;
  return `${date.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })} ${time}`;
}
