import { WIDGET_CONFIG_PATH, parseWidgetConfig, type WidgetHours } from '../protocol/widget';

const DAY = 86_400_000;
/** Timers longer than this are split (setTimeout's limit is about 24.8 days). */
const MAX_WAIT_MS = 3_600_000;

/**
 * What the widget says while the team is away, in the visitor's own time: "We're away — we
 * usually reply from Monday 09:00". Null while the team is in (or has no business hours).
 */
export function awayText(hours: WidgetHours | null | undefined, now: number): string | null {
  if (!hours || hours.open) return null;
  if (hours.next_opening === null) return "We're away right now — we'll reply as soon as we can.";
  const at = new Date(hours.next_opening);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const sameDay = new Date(now).toDateString() === at.toDateString();
  const day = sameDay ? 'today' : hours.next_opening - now < 6 * DAY ? at.toLocaleDateString(undefined, { weekday: 'long' }) : at.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
  return sameDay ? `We're away — we usually reply from ${time} today` : `We're away — we usually reply from ${day} ${time}`;
}

/**
 * Keeps the away line right as time passes: when the team opens or closes (`changes_at`), the
 * config is read again (past the browser's cache) for the next change.
 */
export function followHours(options: { serverOrigin: string; org: string; hours: WidgetHours | null | undefined; show: (text: string | null) => void }): void {
  const { serverOrigin, org, show } = options;
  let hours = options.hours ?? null;
  const schedule = () => {
    show(awayText(hours, Date.now()));
    if (!hours || hours.changes_at === null) return;
    const wait = hours.changes_at - Date.now();
    // Past the change already (the last read failed, or came from a cache): try again in a while.
    const delay = wait < 0 ? 30_000 : Math.min(wait + 1000, MAX_WAIT_MS);
    setTimeout(() => void (wait > MAX_WAIT_MS ? Promise.resolve() : refresh()).then(schedule), delay);
  };
  const refresh = async () => {
    try {
      const response = await fetch(`${serverOrigin}${WIDGET_CONFIG_PATH}?${new URLSearchParams({ org }).toString()}`, { mode: 'cors', credentials: 'omit', cache: 'no-store' });
      if (response.ok) hours = parseWidgetConfig(await response.json())?.hours ?? null;
    } catch {
      // Offline: keep the last hours; the next change tries again.
    }
  };
  schedule();
}
