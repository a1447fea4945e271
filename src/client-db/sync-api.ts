import type { ViewState } from '../protocol/presence';
import type { MutationInput } from './outbox-row';

/**
 * The one contract between a tab and the sync worker (exposed with comlink). Tabs never write
 * IndexedDB; they call this and read the organization's database through live queries.
 */
export type SyncEvent =
  | { type: 'version'; version: string }
  | { type: 'unauthorized'; slug: string }
  /** A mutation the server refused (4xx): its optimistic change was rolled back. */
  | { type: 'mutation-failed'; slug: string; text: string }
  /** A held send was undone or delivered; lets the screen drop its countdown. */
  | { type: 'send-settled'; slug: string; message_id: string; status: 'SENT' | 'CANCELLED' };

export type SyncApi = {
  /**
   * Attaches this tab to the organization's sync (starting the socket when it is the first tab).
   * `tabLock` is a Web Lock name the tab holds while it lives: when it is released the worker
   * detaches the tab, so a dead tab never keeps the socket open.
   * `sessionId` is the app's client session id (§7, x-client-session); the worker cannot read
   * localStorage. The first attach of an organization decides the engine's session id; without
   * one the worker makes its own.
   * `view` is what the tab shows as it attaches (the conversation its address names): the
   * worker reports it like setViewing, and a first bootstrap sends that conversation right
   * after the first screen.
   */
  attach(slug: string, tabLock: string, sessionId?: string, view?: ViewState): Promise<void>;
  detach(slug: string, tabLock: string): Promise<void>;
  /**
   * Records the mutation and its optimistic change durably (the outbox's strict transaction has
   * committed); resolves with the outbox row id. `clientId`, when the tab chooses it, is the
   * mutation id: the same call made again (on a new leader, after the one that took it died)
   * finds its row instead of adding a second one.
   */
  mutate(slug: string, mutation: MutationInput, clientId?: string): Promise<number>;
  /** Undo of a held send (§4): local while still in the outbox, else the server's undo call. */
  undoSend(slug: string, messageId: string): Promise<void>;
  /** Loads the page of messages before the oldest one held (MESSAGE_PAGE_SIZE). */
  loadOlderMessages(slug: string, conversationId: number): Promise<void>;
  /**
   * What this tab shows (§4 viewer presence): the conversation open in it (null: none) and
   * whether the agent is writing a reply there. Call it again when the tab gains focus: the
   * worker reports the latest tab's conversation, one at a time, for all of the agent's tabs.
   */
  setViewing(slug: string, tabLock: string, view: ViewState): Promise<void>;
  /** Receives SyncEvents (a comlink proxy). */
  subscribe(listener: (event: SyncEvent) => void): Promise<void>;
};
