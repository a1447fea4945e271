import { useEffect, useSyncExternalStore } from 'react';
import type { Conversation } from '../../protocol/documents';

/** The fields of a conversation an agent sets from its header, shown before the worker's write is read back. */
export type ConversationOverlay = Partial<Pick<Conversation, 'status' | 'agent_id'>>;

/** One change held: its fields, until the stored copy holds them, it failed, or its grace ran out. */
type Held = { patch: ConversationOverlay };

/**
 * How long a recorded change is still shown over a stored copy that does not hold it yet: the
 * live read that follows the worker's commit arrives within a frame or two; after this, what is
 * stored is shown even if it differs (a teammate changed it since).
 */
export const OVERLAY_GRACE_MS = 1_000;

/** Per conversation, the changes held, oldest first; no two set the same field. */
const held = new Map<number, Held[]>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function release(conversationId: number, entry: Held): void {
  const entries = held.get(conversationId);
  if (!entries?.includes(entry)) return;
  const rest = entries.filter((other) => other !== entry);
  if (rest.length > 0) held.set(conversationId, rest);
  else held.delete(conversationId);
  changed();
}

/**
 * Shows `patch` on the conversation in this tab at once, until the live read holds it. The
 * change itself still goes through the worker (its outbox row, its optimistic write, its
 * rollback); this only spares the agent the round trip tab → worker → IndexedDB → live read,
 * during which a controlled select would show the old value again. Call the returned function
 * when the worker has answered: `false` (not recorded) drops the change at once.
 */
export function holdUntilStored(conversationId: number, patch: ConversationOverlay): (recorded: boolean) => void {
  const entry: Held = { patch };
  // An earlier change to the same field is superseded: only the latest is shown.
  const earlier: Held[] = [];
  for (const other of held.get(conversationId) ?? []) {
    other.patch = withoutFields(other.patch, patch);
    if (Object.keys(other.patch).length > 0) earlier.push(other);
  }
  held.set(conversationId, [...earlier, entry]);
  changed();
  return (recorded) => {
    if (!recorded) release(conversationId, entry);
    else setTimeout(() => release(conversationId, entry), OVERLAY_GRACE_MS);
  };
}

function withoutFields(patch: ConversationOverlay, fields: ConversationOverlay): ConversationOverlay {
  return Object.fromEntries(Object.entries(patch).filter(([key]) => !(key in fields)));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function holds(conversation: Conversation, patch: ConversationOverlay): boolean {
  return Object.entries(patch).every(([key, value]) => conversation[key as keyof ConversationOverlay] === value);
}

/** The conversation as this tab shows it: the stored copy with the changes it does not hold yet. */
export function overlaid(conversation: Conversation): Conversation {
  const pending = (held.get(conversation.id) ?? []).filter((entry) => !holds(conversation, entry.patch));
  if (pending.length === 0) return conversation;
  return Object.assign({ ...conversation }, ...pending.map((entry) => entry.patch)) as Conversation;
}

/** `overlaid`, re-rendering when a change is held or let go; a change the stored copy now holds is let go. */
export function useOverlaidConversation(conversation: Conversation): Conversation {
  useSyncExternalStore(subscribe, () => version);
  const caughtUp = (held.get(conversation.id) ?? []).filter((entry) => holds(conversation, entry.patch));
  useEffect(() => {
    for (const entry of caughtUp) release(conversation.id, entry);
  });
  return overlaid(conversation);
}
