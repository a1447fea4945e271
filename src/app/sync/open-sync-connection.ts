import { connectSync } from '../../client-db/connect-sync';
import type { SyncApi, SyncEvent } from '../../client-db/sync-api';
import { PROTOCOL_VERSION } from '../../protocol/version';

/**
 * This tab's link to the sync worker: the SyncApi, the Web Lock the tab holds while it lives
 * (for `attach`), and the worker's events, subscribed to once and fanned out in the tab.
 */
export type TabSync = {
  api: SyncApi;
  tabLock: string;
  listen: (listener: (event: SyncEvent) => void) => () => void;
};

/**
 * ┌──────────────────────────────────────────────────────────────────────────┐
 * │ THE ONE PLACE WHERE A TAB CONNECTS TO THE SYNC WORKER (connectSync).    │
 * └──────────────────────────────────────────────────────────────────────────┘
 * The worker constructors are written out here so that Vite sees `new URL(…, import.meta.url)`
 * and bundles both workers.
 */
export async function connectTabSync(): Promise<TabSync> {
  const { api, tabLock } = await connectSync({
    shared: () =>
      new SharedWorker(new URL('../../workers/sync.worker.ts', import.meta.url), {
        type: 'module',
        name: `sync-v${PROTOCOL_VERSION}`,
      }),
    dedicated: () => new Worker(new URL('../../workers/sync.dedicated-worker.ts', import.meta.url), { type: 'module' }),
  });
  const listeners = new Set<(event: SyncEvent) => void>();
  await api.subscribe((event) => {
    for (const listener of listeners) listener(event);
  });
  return {
    api,
    tabLock,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Connects on first use (not on the sign-in screens), then always answers the same link. */
export function lazyTabSync(connect: () => Promise<TabSync> = connectTabSync): () => Promise<TabSync> {
  let link: Promise<TabSync> | null = null;
  return () => {
    link ??= connect();
    return link;
  };
}
