import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { ConnectionMeta } from '../../client-db/inbox-database';
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

/** Outbox rows not yet accepted by the server. */
export function useWaitingChanges(): number {
  const db = useInboxDb();
  return useLiveQuery(() => db.outbox.where('state').anyOf('queued', 'sending').count(), [db], 0);
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
