import { useEffect, useMemo, useRef } from 'react';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import { REMOVAL_ANIMATION_MS } from '../../../../protocol/constants';
import { useExpiringGhosts } from '../../../hooks/use-expiring-ghosts';
import { departedEntries, withDeparting } from './departing-entries';

type Ghost = { entry: LocalMessage; until: number };

/**
 * §4: a deleted entry animates out for REMOVAL_ANIMATION_MS. The worker flags it removed, but
 * drops it as soon as the server confirms, which can be sooner; and a send undone before it left
 * the browser just disappears. So an entry that vanishes stays on screen, flagged removed, until
 * its time (counted from when it was first seen flagged) is up. Display state only.
 */
export function useDepartingEntries(entries: readonly LocalMessage[] | undefined): LocalMessage[] | undefined {
  const previous = useRef<readonly LocalMessage[] | undefined>(undefined);
  const flaggedAt = useRef(new Map<string, number>());
  const [ghosts, addGhosts] = useExpiringGhosts<Ghost>();

  useEffect(() => {
    if (!entries) return;
    const now = Date.now();
    for (const entry of entries) {
      // A failed delete restores the entry (§4): it starts over if deleted again.
      if (!entry.is_removed) flaggedAt.current.delete(entry.id);
      else if (!flaggedAt.current.has(entry.id)) flaggedAt.current.set(entry.id, now);
    }
    const gone = previous.current ? departedEntries(previous.current, entries) : [];
    previous.current = entries;
    if (gone.length === 0) return;
    const added = gone.map((entry) => ({
      entry: { ...entry, is_removed: true },
      until: (flaggedAt.current.get(entry.id) ?? now) + REMOVAL_ANIMATION_MS,
    }));
    addGhosts(added);
  }, [entries, addGhosts]);

  return useMemo(() => {
    if (!entries) return undefined;
    const present = new Set(entries.map((entry) => entry.id));
    return withDeparting(
      entries,
      ghosts.filter((ghost) => !present.has(ghost.entry.id)).map((ghost) => ghost.entry),
    );
  }, [entries, ghosts]);
}
