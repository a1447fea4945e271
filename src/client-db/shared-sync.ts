import type { SyncApi, SyncEvent } from './sync-api';
import { invokeSyncCall } from './sync-call';
import type { SyncCall } from './sync-call';
import { callKey, replayedSyncApi, type PendingCall } from './replayed-sync-api';
import { syncApiOverPort } from './sync-port';

/**
 * The sync through a SharedWorker, surviving the worker's death. Chrome runs a SharedWorker in
 * the renderer process of one of its tabs, so that tab's crash (an out-of-memory kill, CDP
 * Page.crash) takes the worker with it and the other tabs' ports go silent.
 *
 * Each worker instance holds a Web Lock of its own while it runs and names it on every port
 * before it serves it (`SYNC_ALIVE_MESSAGE`, sync.worker.ts). The tab asks for that lock: it is
 * granted only once the worker is gone. The tab then starts the worker again (a new instance
 * under the same name), attaches and subscribes again, and repeats every call left unanswered;
 * each is safe to repeat (sync-call.ts: a mutation carries the tab's mutation id).
 *
 *   connected ──the worker's lock is granted (it died)──▶ connected to a new worker
 */
export const SYNC_ALIVE_MESSAGE = 'sync-alive-lock';

export type SharedSyncDeps = {
  /** The port of the SharedWorker (a new instance when the previous one died). */
  connect: () => MessagePort;
  locks: Pick<LockManager, 'request'>;
  newId: () => string;
  log: (message: string, error: unknown) => void;
};

type Pending = PendingCall;

export function createSharedSync(deps: SharedSyncDeps): SyncApi {
  const pending = new Set<Pending>();
  const attachments = new Map<string, SyncCall>();
  const views = new Map<string, SyncCall>();
  const listeners = new Set<(event: SyncEvent) => void>();
  let generation = 0;
  let api = open();

  const fanOut = (event: SyncEvent) => {
    for (const listener of listeners) listener(event);
  };

  function open(): SyncApi {
    const port = deps.connect();
    const opened = generation;
    port.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: unknown; lock?: unknown } | null;
      if (typeof data !== 'object' || data === null || data.type !== SYNC_ALIVE_MESSAGE || typeof data.lock !== 'string') return;
      // Granted once that worker is gone; released at once (nothing waits on it).
      deps.locks.request(data.lock, () => undefined).then(
        () => {
          if (opened === generation) reconnect();
        },
        (error: unknown) => deps.log('could not watch the sync worker', error),
      );
    });
    port.start();
    return syncApiOverPort(port);
  }

  function dispatch(request: Pending): void {
    pending.add(request);
    const sentTo = generation;
    invokeSyncCall(api, request.call, fanOut).then(
      (value) => {
        if (sentTo !== generation || !pending.delete(request)) return;
        request.resolve(value);
      },
      (error: unknown) => {
        if (sentTo !== generation || !pending.delete(request)) return;
        request.reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  const quietly = (call: SyncCall): Pending => ({
    call,
    resolve: () => undefined,
    reject: (error) => deps.log(`could not repeat ${call.method} with the new sync worker`, error),
  });

  function reconnect(): void {
    generation++;
    api = open();
    const carried = [...pending];
    pending.clear();
    const carriedKeys = new Set(carried.map((request) => callKey(request.call)));
    for (const attach of attachments.values()) if (!carriedKeys.has(callKey(attach))) dispatch(quietly(attach));
    if (listeners.size > 0 && !carriedKeys.has('subscribe')) dispatch(quietly({ method: 'subscribe' }));
    for (const request of carried) dispatch(request);
    for (const view of views.values()) dispatch(quietly(view));
  }

  return replayedSyncApi({ attachments, views, listeners }, dispatch, deps.newId);
}
