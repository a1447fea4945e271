import { ERROR_TEXTS } from '../protocol/error-texts';
import type { SyncApi, SyncEvent } from './sync-api';
import { invokeSyncCall, isRepeatable } from './sync-call';
import type { SyncCall } from './sync-call';
import { callKey, replayedSyncApi, type PendingCall } from './replayed-sync-api';
import { portToWorker, syncApiOverPort } from './sync-port';

/**
 * The sync where SharedWorker is missing (docs/architecture.md "Client"): the tab granted the leader Web Lock
 * runs the engine in a dedicated worker; the other tabs reach it over a BroadcastChannel, the
 * leader relaying each tab's calls to the worker on a port of its own and its events back.
 *
 *   waiting for a leader ──'leader' heard──▶ follower ──leader lock granted──▶ leader (till the tab dies)
 *          └──────────────leader lock granted──────────────────────────────────▲
 *
 * When the leader changes, this tab attaches and subscribes again with the new worker and
 * repeats every call the old one left unanswered (its tab may have died at any point: before,
 * while or after its worker recorded a mutation). Each is safe to repeat: a mutation goes with
 * the mutation id this tab chose (`mutate`'s clientId), so the new worker finds the row the old
 * one wrote, or writes it (the server applies a mutation id at most once). A mutation resolves
 * only once a worker has committed its row, so nothing a follower was told is recorded is lost.
 */
export type BusChannel = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

export type ElectedSyncDeps = {
  startWorker: () => Pick<Worker, 'postMessage'>;
  locks: Pick<LockManager, 'request'>;
  channel: BusChannel;
  leaderLock: string;
  newId: () => string;
  log: (message: string, error: unknown) => void;
};

type BusMessage =
  | { kind: 'who-leads' }
  | { kind: 'leader'; leaderId: string }
  | { kind: 'call'; leaderId: string; from: string; id: number; call: SyncCall }
  | { kind: 'result'; to: string; id: number; ok: boolean; value: unknown; message: string }
  | { kind: 'event'; to: string; event: SyncEvent };

type Pending = PendingCall;

export function createElectedSync(deps: ElectedSyncDeps): SyncApi {
  const tabId = deps.newId();
  const post = (message: BusMessage) => deps.channel.postMessage(message);
  const pending = new Map<number, Pending>();
  const followers = new Map<string, SyncApi>();
  const attachments = new Map<string, SyncCall>();
  /** This tab's latest view per attachment: a new leader's worker hears it again. */
  const views = new Map<string, SyncCall>();
  const listeners = new Set<(event: SyncEvent) => void>();
  let waiting: Pending[] = [];
  let worker: Pick<Worker, 'postMessage'> | null = null;
  let local: SyncApi | null = null;
  let leaderId: string | null = null;
  let nextId = 0;

  const fanOut = (event: SyncEvent) => {
    for (const listener of listeners) listener(event);
  };
  const quietly = (call: SyncCall): Pending => ({
    call,
    resolve: () => undefined,
    reject: (error) => deps.log(`could not repeat ${call.method} with the new sync worker`, error),
  });

  function dispatch(request: Pending): void {
    if (local) {
      invokeSyncCall(local, request.call, fanOut).then(request.resolve, (error: unknown) => request.reject(asError(error)));
    } else if (leaderId !== null) {
      const id = ++nextId;
      pending.set(id, request);
      post({ kind: 'call', leaderId, from: tabId, id, call: request.call });
    } else waiting.push(request);
  }

  function switchLeader(next: { self: true } | { leaderId: string }): void {
    const orphans = [...pending.values()];
    pending.clear();
    const queued = waiting;
    waiting = [];
    if ('self' in next) {
      worker = deps.startWorker();
      local = syncApiOverPort(portToWorker(worker));
      leaderId = null;
    } else leaderId = next.leaderId;
    const carried: Pending[] = [];
    for (const request of orphans) {
      if (isRepeatable(request.call)) carried.push(request);
      else request.reject(new Error(ERROR_TEXTS.unexpected));
    }
    carried.push(...queued);
    // This tab's attachments and subscription, unless a carried call makes them anyway.
    const carriedKeys = new Set(carried.map((request) => callKey(request.call)));
    for (const attach of attachments.values()) if (!carriedKeys.has(callKey(attach))) dispatch(quietly(attach));
    if (listeners.size > 0 && !carriedKeys.has('subscribe')) dispatch(quietly({ method: 'subscribe' }));
    for (const request of carried) dispatch(request);
    for (const view of views.values()) dispatch(quietly(view));
  }

  function serve(message: Extract<BusMessage, { kind: 'call' }>): void {
    if (!worker) return;
    let api = followers.get(message.from);
    if (!api) {
      api = syncApiOverPort(portToWorker(worker));
      followers.set(message.from, api);
    }
    const to = message.from;
    invokeSyncCall(api, message.call, (event) => post({ kind: 'event', to, event })).then(
      (value) => post({ kind: 'result', to, id: message.id, ok: true, value, message: '' }),
      (error: unknown) => post({ kind: 'result', to, id: message.id, ok: false, value: null, message: asError(error).message }),
    );
  }

  deps.channel.addEventListener('message', (event) => {
    const message = event.data as BusMessage | null;
    if (typeof message !== 'object' || message === null) return;
    switch (message.kind) {
      case 'who-leads':
        if (local) post({ kind: 'leader', leaderId: tabId });
        break;
      case 'leader':
        if (!local && message.leaderId !== leaderId) switchLeader({ leaderId: message.leaderId });
        break;
      case 'call':
        if (local && message.leaderId === tabId) serve(message);
        break;
      case 'result': {
        const request = message.to === tabId ? pending.get(message.id) : undefined;
        if (!request) break;
        pending.delete(message.id);
        if (message.ok) request.resolve(message.value);
        else request.reject(new Error(message.message));
        break;
      }
      case 'event':
        if (message.to === tabId) fanOut(message.event);
        break;
    }
  });

  deps.locks
    .request(deps.leaderLock, () => {
      switchLeader({ self: true });
      post({ kind: 'leader', leaderId: tabId });
      // Held while this tab lives: its worker is the one every tab talks to.
      return new Promise<void>(() => undefined);
    })
    .catch((error: unknown) => deps.log('could not take part in the sync election', error));
  post({ kind: 'who-leads' });

  return replayedSyncApi({ attachments, views, listeners }, dispatch, deps.newId);
}


function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
