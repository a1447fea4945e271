import { PROTOCOL_VERSION } from '../protocol/version';
import { createElectedSync } from './elected-sync';
import { createSharedSync } from './shared-sync';
import type { SyncApi } from './sync-api';
import { portToWorker, syncApiOverPort } from './sync-port';

/**
 * A tab's connection to the sync worker, chosen by feature detection (never the user agent):
 * - SharedWorker: one worker for every tab of the browser, started again when it dies with the
 *   tab whose process ran it (shared-sync.ts);
 * - else Web Locks + BroadcastChannel: one tab is elected to run the engine in a dedicated worker
 *   and the others reach it through that tab (elected-sync.ts);
 * - else: a dedicated worker for this tab alone.
 *
 * The app passes the worker constructors, so that Vite sees the `new URL(…, import.meta.url)`
 * pattern and bundles the workers:
 *
 *   connectSync({
 *     shared: () => new SharedWorker(new URL('../../workers/sync.worker.ts', import.meta.url),
 *       { type: 'module', name: `sync-v${PROTOCOL_VERSION}` }),
 *     dedicated: () => new Worker(new URL('../../workers/sync.dedicated-worker.ts', import.meta.url),
 *       { type: 'module' }),
 *   })
 *
 * `tabLock` is a Web Lock this tab holds while it lives; pass it to `api.attach`.
 */
export type SyncWorkerFactories = { shared: () => SharedWorker; dedicated: () => Worker };
export type SyncMode = 'shared' | 'elected' | 'per-tab';
export type SyncConnection = { api: SyncApi; tabLock: string; mode: SyncMode };

export type SyncEnvironment = {
  hasSharedWorker: boolean;
  locks: Pick<LockManager, 'request'> | null;
  openChannel: ((name: string) => BroadcastChannel) | null;
  newId: () => string;
  /** Where Web Locks are missing, the tab detaches itself when the page is hidden for good. */
  onPageHide: (listener: () => void) => void;
};

export const SYNC_LEADER_LOCK = `sync-leader-v${PROTOCOL_VERSION}`;
export const SYNC_BUS_CHANNEL = `sync-bus-v${PROTOCOL_VERSION}`;

export async function connectSync(factories: SyncWorkerFactories, env: SyncEnvironment = browserEnvironment()): Promise<SyncConnection> {
  const tabLock = `sync-tab-${env.newId()}`;
  if (env.locks) await holdLock(env.locks, tabLock);
  const log = (message: string, error: unknown) => console.error(`[sync] ${message}`, error);

  let mode: SyncMode;
  let api: SyncApi;
  if (env.hasSharedWorker) {
    mode = 'shared';
    api = env.locks
      ? createSharedSync({ connect: () => factories.shared().port, locks: env.locks, newId: env.newId, log })
      : syncApiOverPort(factories.shared().port);
  } else if (env.locks && env.openChannel) {
    mode = 'elected';
    api = createElectedSync({
      startWorker: factories.dedicated,
      locks: env.locks,
      channel: env.openChannel(SYNC_BUS_CHANNEL),
      leaderLock: SYNC_LEADER_LOCK,
      newId: env.newId,
      log,
    });
  } else {
    mode = 'per-tab';
    api = syncApiOverPort(portToWorker(factories.dedicated()));
  }
  return { api: env.locks ? api : detachingOnPageHide(api, env, log), tabLock, mode };
}

/** Resolves once this tab holds the lock; it keeps it until the tab is gone. */
function holdLock(locks: Pick<LockManager, 'request'>, name: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    locks
      .request(name, () => {
        resolve();
        return new Promise<void>(() => undefined);
      })
      .catch(reject);
  });
}

function detachingOnPageHide(api: SyncApi, env: SyncEnvironment, log: (message: string, error: unknown) => void): SyncApi {
  const attached = new Map<string, [slug: string, tabLock: string]>();
  env.onPageHide(() => {
    for (const [slug, tabLock] of attached.values()) api.detach(slug, tabLock).catch((error: unknown) => log('could not detach', error));
  });
  return {
    ...api,
    attach(slug, tabLock, sessionId, view) {
      attached.set(`${slug}\n${tabLock}`, [slug, tabLock]);
      return api.attach(slug, tabLock, sessionId, view);
    },
    detach(slug, tabLock) {
      attached.delete(`${slug}\n${tabLock}`);
      return api.detach(slug, tabLock);
    },
  };
}

export function browserEnvironment(): SyncEnvironment {
  const nav: Partial<Navigator> | undefined = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    hasSharedWorker: typeof SharedWorker === 'function',
    locks: nav && 'locks' in nav && nav.locks ? nav.locks : null,
    openChannel: typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : null,
    newId: () => crypto.randomUUID(),
    onPageHide: (listener) => globalThis.addEventListener('pagehide', listener),
  };
}
