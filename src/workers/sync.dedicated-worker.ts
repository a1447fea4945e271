import { SYNC_PORT_MESSAGE } from '../client-db/sync-port';
import { createSyncWorkerHost } from './engine/sync-worker-host';

/**
 * The same engine in a dedicated worker, where SharedWorker is missing: the tab elected with Web
 * Locks runs it and hands it one MessagePort per tab (its own, and one per tab it relays for).
 */
const host = createSyncWorkerHost(self);

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SYNC_PORT_MESSAGE) {
    const [port] = event.ports;
    if (port) host.serve(port);
  }
});
