import { expose } from 'comlink';
import { getAccount } from '../../client-db/accounts';
import { openInboxDatabase } from '../../client-db/inbox-database';
import { browserSocket } from '../socket/browser-socket';
import { CLIENT_VERSION } from './client-version';
import type { Clock } from '../socket/connection';
import { browserNetwork } from '../socket/network-port';
import { createSyncEngine } from './sync-engine';
import { createSyncHub } from './sync-hub';
import type { EngineHandle } from './sync-hub';

/**
 * The real ports of the sync worker (sockets, fetch, timers, Web Locks, IndexedDB), shared by the
 * SharedWorker entry and the dedicated-worker fallback. `serve(port)` exposes the SyncApi on one
 * tab's MessagePort.
 */
export type WorkerScope = {
  location: { origin: string };
  navigator: { onLine: boolean; locks?: LockManager };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const log = (message: string, error: unknown) => console.error(`[sync] ${message}`, error);

export function createSyncWorkerHost(scope: WorkerScope) {
  const network = browserNetwork(scope);
  const locks = scope.navigator.locks;

  function createEngine(slug: string, sessionId: string, events: Parameters<typeof createSyncEngine>[0]['events']): EngineHandle {
    const db = openInboxDatabase(slug);
    const outboxDb = openInboxDatabase(slug, { durability: 'strict' });
    const engine = createSyncEngine({
      slug,
      db,
      outboxDb,
      createSocket: browserSocket,
      fetch: (url, init) => fetch(url, init),
      clock: realClock,
      network,
      getToken: async () => (await getAccount(slug))?.token ?? null,
      sessionId,
      origin: scope.location.origin,
      clientVersion: CLIENT_VERSION,
      newId: () => crypto.randomUUID(),
      events,
      log: (message, error) => log(`${slug}: ${message}`, error),
    });
    return {
      start: () => engine.start(),
      async stop() {
        try {
          await engine.stop();
        } finally {
          db.close();
          outboxDb.close();
        }
      },
      mutate: (input, clientId) => engine.mutate(input, clientId),
      undoSend: (messageId) => engine.undoSend(messageId),
      loadOlderMessages: (conversationId) => engine.loadOlderMessages(conversationId),
      setViewing: (tabLock, view) => engine.setViewing(tabLock, view),
    };
  }

  const hub = createSyncHub({
    createEngine,
    waitForLockRelease: locks ? async (name) => locks.request(name, () => undefined) : null,
    newSessionId: () => crypto.randomUUID(),
    log,
  });

  return {
    serve(port: MessagePort): void {
      expose(hub.connect(), port);
    },
  };
}
