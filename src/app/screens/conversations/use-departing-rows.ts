import { useEffect, useMemo, useRef, useState } from 'react';
import { REMOVAL_ANIMATION_MS } from '../../../protocol/constants';
import { departedRows, withDepartingRows, type Departed, type ShownRows } from './departing-rows';

type Ghost<T> = Departed<T> & { until: number };

/**
 * The list's rows with those that just left kept in place for REMOVAL_ANIMATION_MS (§9), so
 * the agent sees a closed conversation go instead of the rows jumping. Display state only.
 */
export function useDepartingRows<T extends { id: number }>(rows: readonly T[] | undefined): ShownRows<T> | undefined {
  const previous = useRef<readonly T[] | undefined>(undefined);
  const [ghosts, setGhosts] = useState<readonly Ghost<T>[]>([]);

  useEffect(() => {
    if (!rows) return;
    const gone = previous.current ? departedRows(previous.current, rows) : [];
    previous.current = rows;
    if (gone.length === 0) return;
    const now = Date.now();
    const until = now + REMOVAL_ANIMATION_MS;
    setGhosts((current) => [...current.filter((ghost) => ghost.until > now), ...gone.map((ghost) => ({ ...ghost, until }))]);
  }, [rows]);

  const nextExpiry = ghosts.length ? Math.min(...ghosts.map((ghost) => ghost.until)) : null;
  useEffect(() => {
    if (nextExpiry === null) return;
    const timer = setTimeout(() => {
      const now = Date.now();
      setGhosts((current) => current.filter((ghost) => ghost.until > now));
    }, Math.max(0, nextExpiry - Date.now()));
    return () => clearTimeout(timer);
  }, [nextExpiry]);

  return useMemo(() => (rows ? withDepartingRows(rows, ghosts) : undefined), [rows, ghosts]);
}
