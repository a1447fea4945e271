import type { InboxDatabase } from '../../client-db/inbox-database';
import { createLocalSearchIndex, type LocalSearchIndex } from './local-search-index';

/** How long an index nobody uses stays in memory, so that the next search is instant too. */
const KEEP_WARM_MS = 5 * 60_000;

type Entry = { index: LocalSearchIndex; users: number; dispose: () => void; idle: ReturnType<typeof setTimeout> | null };

/**
 * One index per open database, shared by every search of the tab. A cache keyed by the
 * database object (not a hidden global): it lives and dies with that database.
 */
const indexes = new WeakMap<InboxDatabase, Entry>();

/** The database's index if someone built it (it may be idle, kept warm), without taking it. */
export function peekLocalSearchIndex(db: InboxDatabase): LocalSearchIndex | null {
  return indexes.get(db)?.index ?? null;
}

/** Takes the database's index (building it on first use); call the returned release when done. */
export function acquireLocalSearchIndex(db: InboxDatabase): { index: LocalSearchIndex; release: () => void } {
  let entry = indexes.get(db);
  if (!entry) {
    const created = createLocalSearchIndex(db);
    entry = { index: created.index, users: 0, dispose: created.dispose, idle: null };
    indexes.set(db, entry);
  }
  const held = entry;
  held.users += 1;
  if (held.idle !== null) clearTimeout(held.idle);
  held.idle = null;
  let released = false;
  return {
    index: held.index,
    release: () => {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      held.idle = setTimeout(() => {
        held.dispose();
        indexes.delete(db);
      }, KEEP_WARM_MS);
    },
  };
}
