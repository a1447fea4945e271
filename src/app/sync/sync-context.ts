import { createContext, use } from 'react';
import type { InboxDatabase } from '../../client-db/inbox-database';
import type { SyncApi } from '../../client-db/sync-api';
import type { TabSync } from './open-sync-connection';

/** How the tab reaches the sync worker: connecting on first use, once per tab. */
export const TabSyncContext = createContext<(() => Promise<TabSync>) | null>(null);

export function useTabSync(): () => Promise<TabSync> {
  const connect = use(TabSyncContext);
  if (!connect) throw new Error('useTabSync needs a <TabSyncContext> provider.');
  return connect;
}

/**
 * The signed-in organization's local database (read it with useLiveQuery, never write it) and
 * its sync worker (every change goes through `api`; null until this tab is attached).
 * `attached` resolves with the api once this tab is attached (rejects if the worker cannot be
 * reached): the first screen paints from IndexedDB before that, and what the user does on it
 * waits for the worker instead of being refused.
 */
export type Sync = { slug: string; db: InboxDatabase; api: SyncApi | null; attached: Promise<SyncApi> };

export const SyncContext = createContext<Sync | null>(null);

export function useSync(): Sync {
  const sync = use(SyncContext);
  if (!sync) throw new Error('useSync needs a <SyncProvider>.');
  return sync;
}

export function useInboxDb(): InboxDatabase {
  return useSync().db;
}
