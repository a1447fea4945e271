import type { SyncApi, SyncEvent } from './sync-api';
import type { SyncCall } from './sync-call';

/** A call on its way to the worker, with the promise of the tab that made it. */
export type PendingCall = { call: SyncCall; resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * What a tab must send again to a new worker (elected-sync.ts, shared-sync.ts): its attachments
 * and views by slug and tab, and its event listeners.
 */
export type ReplayState = {
  attachments: Map<string, SyncCall>;
  views: Map<string, SyncCall>;
  listeners: Set<(event: SyncEvent) => void>;
};

/**
 * The SyncApi of a tab whose worker may die: every call goes through `dispatch` (which keeps it
 * until answered and repeats it on the next worker), and what a new worker must be told again is
 * kept in `state`.
 */
export function replayedSyncApi(state: ReplayState, dispatch: (request: PendingCall) => void, newId: () => string): SyncApi {
  const { attachments, views, listeners } = state;
  const call = <T>(request: SyncCall) =>
    new Promise<T>((resolve, reject) => dispatch({ call: request, resolve: (value) => resolve(value as T), reject }));

  return {
    attach(slug, tabLock, sessionId) {
      const request: SyncCall = { method: 'attach', slug, tabLock, sessionId: sessionId ?? null };
      attachments.set(`${slug}\n${tabLock}`, request);
      return call<void>(request);
    },
    detach(slug, tabLock) {
      attachments.delete(`${slug}\n${tabLock}`);
      views.delete(`${slug}\n${tabLock}`);
      return call<void>({ method: 'detach', slug, tabLock });
    },
    mutate: (slug, mutation, clientId) => call<number>({ method: 'mutate', slug, mutation, clientId: clientId ?? newId() }),
    undoSend: (slug, messageId) => call<void>({ method: 'undoSend', slug, messageId }),
    loadOlderMessages: (slug, conversationId) => call<void>({ method: 'loadOlderMessages', slug, conversationId }),
    setViewing(slug, tabLock, view) {
      const request: SyncCall = { method: 'setViewing', slug, tabLock, view };
      views.set(`${slug}\n${tabLock}`, request);
      return call<void>(request);
    },
    subscribe(listener) {
      listeners.add(listener);
      return listeners.size === 1 ? call<void>({ method: 'subscribe' }) : Promise.resolve();
    },
  };
}

/** One key per attachment, and per method otherwise: a call carried over replaces its saved copy. */
export function callKey(call: SyncCall): string {
  return call.method === 'attach' ? `attach\n${call.slug}\n${call.tabLock}` : call.method;
}
