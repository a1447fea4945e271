import { SYNC_ALIVE_MESSAGE } from '../client-db/shared-sync';
import { createSyncWorkerHost } from './engine/sync-worker-host';

/**
 * The SharedWorker: one per browser (per protocol version, by its name), holding the socket and
 * the outbox for every tab. Each tab that connects gets the SyncApi on its own port.
 */
type SharedWorkerScope = typeof globalThis & { onconnect: ((event: MessageEvent) => void) | null };

const scope = self as unknown as SharedWorkerScope;
const host = createSyncWorkerHost(scope);

/**
 * A lock of this instance's own, held while it runs: each tab is told its name before it is
 * served, and is granted it once this worker is gone (shared-sync.ts starts a new one).
 */
const aliveLock = `sync-worker-${crypto.randomUUID()}`;
const alive = new Promise<void>((resolve) => {
  const locks = scope.navigator.locks as LockManager | undefined;
  if (!locks) return resolve();
  locks
    .request(aliveLock, () => {
      resolve();
      return new Promise<void>(() => undefined);
    })
    .catch(() => resolve());
});

scope.onconnect = (event) => {
  const [port] = event.ports;
  if (!port) return;
  void alive.then(() => {
    port.postMessage({ type: SYNC_ALIVE_MESSAGE, lock: aliveLock });
    host.serve(port);
  });
};
