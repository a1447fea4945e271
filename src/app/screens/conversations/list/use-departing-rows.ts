import { useEffect, useMemo, useRef } from 'react';
import { REMOVAL_ANIMATION_MS } from '../../../../protocol/constants';
import { useExpiringGhosts } from '../../../hooks/use-expiring-ghosts';
import { departedRows, withDepartingRows, type Departed, type ShownRows } from './departing-rows';

type Ghost<T> = Departed<T> & { until: number };

/**
 * The list's rows with those that just left kept in place for REMOVAL_ANIMATION_MS (§9), so
 * the agent sees a closed conversation go instead of the rows jumping. Display state only.
 */
export function useDepartingRows<T extends { id: number }>(rows: readonly T[] | undefined): ShownRows<T> | undefined {
  const previous = useRef<readonly T[] | undefined>(undefined);
  const [ghosts, addGhosts] = useExpiringGhosts<Ghost<T>>();

  useEffect(() => {
    if (!rows) return;
    const gone = previous.current ? departedRows(previous.current, rows) : [];
    previous.current = rows;
    if (gone.length === 0) return;
    const until = Date.now() + REMOVAL_ANIMATION_MS;
    addGhosts(gone.map((ghost) => ({ ...ghost, until })));
  }, [rows, addGhosts]);

  return useMemo(() => (rows ? withDepartingRows(rows, ghosts) : undefined), [rows, ghosts]);
}
