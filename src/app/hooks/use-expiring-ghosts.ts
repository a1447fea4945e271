import { useCallback, useEffect, useState } from 'react';

/** Something shown after it left, until `until` (epoch ms). */
export type Ghost = { until: number };

/**
 * Display-only copies of things that just left the screen (a closed conversation's row, a deleted
 * message), each dropped when its time is up. `add` keeps the live ones and appends the new.
 */
export function useExpiringGhosts<G extends Ghost>(): [readonly G[], (added: readonly G[]) => void] {
  const [ghosts, setGhosts] = useState<readonly G[]>([]);

  const add = useCallback((added: readonly G[]) => {
    const now = Date.now();
    setGhosts((current) => [...current.filter((ghost) => ghost.until > now), ...added]);
  }, []);

  const nextExpiry = ghosts.length ? Math.min(...ghosts.map((ghost) => ghost.until)) : null;
  useEffect(() => {
    if (nextExpiry === null) return;
    const timer = setTimeout(() => {
      const now = Date.now();
      setGhosts((current) => current.filter((ghost) => ghost.until > now));
    }, Math.max(0, nextExpiry - Date.now()));
    return () => clearTimeout(timer);
  }, [nextExpiry]);

  return [ghosts, add];
}
