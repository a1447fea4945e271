import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { hoursStatus } from '../screens/hours/hours-status';
import { useBusinessHours } from '../screens/hours/use-business-hours';
import { useSignedIn } from '../session/signed-in-context';

/** Refreshes at least this often: "opens Mon 09:00" becomes "opens 09:00" on the day. */
const REFRESH_MS = 60_000;

/**
 * Whether the team is in, under the organization's name: "Open · closes 18:00", "Closed · opens
 * Mon 09:00", in the agent's time. It changes the moment the team opens or closes, and follows
 * hours saved in another tab (the document arrives through the change feed). Nothing without hours.
 */
export function HoursStatusLine() {
  const { slug } = useSignedIn();
  const doc = useBusinessHours();
  const [now, setNow] = useState(() => Date.now());
  const status = hoursStatus(doc?.hours, new Date(now));
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
    >
      <span className="hours-status__dot" aria-hidden="true" />
      <span className="hours-status__text">{line}</span>
    </Link>
  );
}
