import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { hoursStatus as HoursStatusOf } from '../screens/hours/hours-status';
import { useBusinessHours } from '../screens/hours/use-business-hours';
import { useSignedIn } from '../session/signed-in-context';

/** Refreshes at least this often: "opens Mon 09:00" becomes "opens 09:00" on the day. */
const REFRESH_MS = 60_000;

/**
 * The schedule arithmetic loads after the first screen, only for an organization with hours: the
 * sidebar is on every screen. It carries no holiday data: the server's copy of the hours lists
 * the public holidays as dates (public-holidays.ts `withPublicHolidays`).
 */
function useHoursStatusFunction(wanted: boolean): typeof HoursStatusOf | null {
  const [loaded, setLoaded] = useState<{ hoursStatus: typeof HoursStatusOf } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    void import('../screens/hours/hours-status').then(
      (module) => {
        if (live) setLoaded({ hoursStatus: module.hoursStatus });
      },
      (error: unknown) => console.warn('The business hours could not be loaded:', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return loaded?.hoursStatus ?? null;
}

/**
 * Whether the team is in, under the organization's name: "Open · closes 18:00", "Closed · opens
 * Mon 09:00", in the agent's time. It changes the moment the team opens or closes, and follows
 * hours saved in another tab (the document arrives through the change feed). Nothing without hours.
 */
export function HoursStatusLine() {
  const { slug } = useSignedIn();
  const doc = useBusinessHours();
  const [now, setNow] = useState(() => Date.now());
  const hoursStatus = useHoursStatusFunction(Boolean(doc?.hours));
  const status = hoursStatus ? hoursStatus(doc?.hours, new Date(now)) : null;
  const changesAt = status?.changesAt ?? null;
  useEffect(() => {
    const wait = changesAt === null ? REFRESH_MS : Math.min(REFRESH_MS, Math.max(changesAt - Date.now(), 0) + 50);
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [changesAt, now]);
  if (!status) return null;
  const line = status.detail ? `${status.text} · ${status.detail}` : status.text;
  return (
    <Link
      to={`/${slug}/hours`}
      className={`hours-status hours-status--${status.open ? 'open' : 'closed'}`}
      data-testid="hours-status"
      aria-label={`Business hours: ${line}`}
      title={line}
    >
      <span className="hours-status__dot" aria-hidden="true" />
      <span className="hours-status__text">{line}</span>
    </Link>
  );
}
