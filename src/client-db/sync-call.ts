import type { ViewState } from '../protocol/presence';
import type { MutationInput } from './outbox-row';
import type { SyncApi, SyncEvent } from './sync-api';

/**
 * A SyncApi call as plain data, for relaying between tabs over a BroadcastChannel (which carries
 * no functions and no ports). `subscribe` carries no listener: the relaying tab forwards events.
 */
export type SyncCall =
  | { method: 'attach'; slug: string; tabLock: string; sessionId: string | null }
  | { method: 'detach'; slug: string; tabLock: string }
  | { method: 'mutate'; slug: string; mutation: MutationInput; clientId: string }
  | { method: 'undoSend'; slug: string; messageId: string }
  | { method: 'loadOlderMessages'; slug: string; conversationId: number }
  | { method: 'setViewing'; slug: string; tabLock: string; view: ViewState }
  | { method: 'subscribe' };

/**
 * Calls that can be made again without harm when the tab that received them went away: a
 * mutation carries its mutation id (the worker finds its row, the server applies it once), and
 * a second undo of the same send finds the first one's row, or nothing left to undo.
 */
export function isRepeatable(call: SyncCall): boolean {
  return (
    call.method === 'mutate' ||
    call.method === 'undoSend' ||
    call.method === 'attach' ||
    call.method === 'detach' ||
    call.method === 'subscribe' ||
    call.method === 'loadOlderMessages' ||
    call.method === 'setViewing'
  );
}

export function invokeSyncCall(api: SyncApi, call: SyncCall, listener: (event: SyncEvent) => void): Promise<unknown> {
  switch (call.method) {
    case 'attach':
      return call.sessionId === null ? api.attach(call.slug, call.tabLock) : api.attach(call.slug, call.tabLock, call.sessionId);
    case 'detach':
      return api.detach(call.slug, call.tabLock);
    case 'mutate':
      return api.mutate(call.slug, call.mutation, call.clientId);
    case 'undoSend':
      return api.undoSend(call.slug, call.messageId);
    case 'loadOlderMessages':
      return api.loadOlderMessages(call.slug, call.conversationId);
    case 'setViewing':
      return api.setViewing(call.slug, call.tabLock, call.view);
    case 'subscribe':
      return api.subscribe(listener);
  }
}
