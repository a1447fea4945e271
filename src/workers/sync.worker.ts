import { createSyncWorkerHost } from './sync-worker-host';

/**
 * The SharedWorker: one per browser (per protocol version, by its name), holding the socket and
 * the outbox for every tab. Each tab that connects gets the SyncApi on its own port.
 */
type SharedWorkerScope = typeof globalThis & { onconnect: ((event: MessageEvent) => void) | null };

const scope = self as unknown as SharedWorkerScope;
const host = createSyncWorkerHost(scope);

scope.onconnect = (event) => {
  const [port] = event.ports;
  if (port) host.serve(port);
};
