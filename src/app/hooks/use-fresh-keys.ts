import { useEffect, useRef, useState } from 'react';
import { NEW_ITEM_HIGHLIGHT_MS } from '../../protocol/constants';

const NONE: ReadonlySet<string> = new Set();

/**
 * The items that just arrived (§9: highlighted for NEW_ITEM_HIGHLIGHT_MS): not in the first
 * render, not known under any of their keys (an optimistic copy's temporary id counts), and
 * newer than anything seen, so a page of older items loaded on scroll does not light up.
 * `keysOf` returns the item's key first, then any former keys; pass a stable function.
 */
export function useFreshKeys<T>(
  items: readonly T[] | undefined,
  keysOf: (item: T) => readonly string[],
  timeOf: (item: T) => number,
): ReadonlySet<string> {
  const known = useRef<Set<string> | null>(null);
  const newest = useRef(-Infinity);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(NONE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!items) return;
    const first = known.current === null;
    const seen = known.current ?? new Set<string>();
    const arrived: string[] = [];
    let latest = newest.current;
    for (const item of items) {
      const keys = keysOf(item);
      if (!first && keys.every((key) => !seen.has(key)) && timeOf(item) >= newest.current && keys[0] !== undefined) {
        arrived.push(keys[0]);
      }
      for (const key of keys) seen.add(key);
      latest = Math.max(latest, timeOf(item));
    }
    known.current = seen;
    newest.current = latest;
    if (arrived.length === 0) return;
    setFresh(new Set(arrived));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFresh(NONE), NEW_ITEM_HIGHLIGHT_MS);
  }, [items, keysOf, timeOf]);

  return fresh;
}
