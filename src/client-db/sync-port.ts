import { proxy, wrap } from 'comlink';
import type { SyncApi } from './sync-api';

/** The message a tab sends a dedicated sync worker to hand it a port: `{type, port}` + transfer. */
export const SYNC_PORT_MESSAGE = 'sync-port';

/** A new MessagePort to a dedicated sync worker (each gets its own SyncApi there). */
export function portToWorker(worker: Pick<Worker, 'postMessage'>): MessagePort {
  const channel = new MessageChannel();
  worker.postMessage({ type: SYNC_PORT_MESSAGE }, [channel.port2]);
  return channel.port1;
}

/** The SyncApi exposed (comlink) on the other end of `port`. */
export function syncApiOverPort(port: MessagePort): SyncApi {
  const remote = wrap<SyncApi>(port);
  return {
    attach: (slug, tabLock, sessionId) => remote.attach(slug, tabLock, sessionId),
    detach: (slug, tabLock) => remote.detach(slug, tabLock),
    mutate: (slug, mutation, clientId) => remote.mutate(slug, mutation, clientId),
    undoSend: (slug, messageId) => remote.undoSend(slug, messageId),
    loadOlderMessages: (slug, conversationId) => remote.loadOlderMessages(slug, conversationId),
    setViewing: (slug, tabLock, view) => remote.setViewing(slug, tabLock, view),
    subscribe: (listener) => remote.subscribe(proxy(listener)),
  };
}
