import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, for relative times and countdowns. With
 * `until`, it stops refreshing once that time has passed.
 */
export function useNow(intervalMs: number, until?: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const done = until !== undefined && (until === null || now > until);
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, done]);
  return now;
}
