import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { ConnectionMeta } from '../../client-db/inbox-database';
import { BACKGROUND_MUTATIONS } from '../../protocol/mutations/mutation-input';
import { useInboxDb } from './sync-context';

/** The worker's record of the socket (meta 'connection'), or undefined before it wrote one. */
export function useConnectionMeta(): ConnectionMeta | undefined {
  const db = useInboxDb();
  return useLiveQuery(
    async () => {
      const row = await db.meta.get('connection');
      return row?.key === 'connection' ? row : undefined;
    },
    [db],
  );
}

/**
 * The agent's actions not yet accepted by the server: outbox rows, leaving out draft saves, read
 * marks and held replies' releases (BACKGROUND_MUTATIONS).
 */
export function useWaitingChanges(): number {
  const db = useInboxDb();
  // Plain index counts: IndexedDB counts a key range itself, while a filter walks the rows one by
  // one, a cost per outbox commit that grew with the queue while it drained.
  return useLiveQuery(
    async () => {
      const background = [...BACKGROUND_MUTATIONS].flatMap((kind) => [
        ['queued', kind],
        ['sending', kind],
      ]);
      const [queued, sending, left] = await Promise.all([
        db.outbox.where('state').equals('queued').count(),
        db.outbox.where('state').equals('sending').count(),
        db.outbox.where('[state+kind]').anyOf(background).count(),
      ]);
      return queued + sending - left;
    },
    [db],
    0,
  );
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The page's own navigator.onLine: it reacts before the worker notices. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
