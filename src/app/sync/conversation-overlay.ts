import { useEffect, useSyncExternalStore } from 'react';
import type { Conversation } from '../../protocol/documents';

/** The fields of a conversation an agent sets from its header, shown before the worker's write is read back. */
export type ConversationOverlay = Partial<Pick<Conversation, 'status' | 'agent_id'>>;

/** A tag added (`on`) or removed, by its slug. */
type TagChange = { slug: string; on: boolean };

/**
 * One change held: its fields, or a tag it adds or removes, until the stored copy holds them, it
 * failed, or its grace ran out.
 */
type Held = { patch: ConversationOverlay; tag?: TagChange };

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
  // An earlier change to the same field is superseded: only the latest is shown.
  const earlier: Held[] = [];
  for (const other of held.get(conversationId) ?? []) {
    other.patch = withoutFields(other.patch, patch);
    if (Object.keys(other.patch).length > 0 || other.tag) earlier.push(other);
  }
  return hold(conversationId, earlier, { patch });
}

/** Tag names as typed in this tab (slug → name), for the chip of a tag the stored tags do not name yet. */
const typedTagNames = new Map<string, string>();

/**
 * Shows the tag `name` on the conversation in this tab at once, under `slug` (the tag of that
 * name, or the slug the worker gives a new one: slugOfTagNamed), with its name as typed while the
 * stored tags do not name it (a new tag's stored name follows with the worker's write): as
 * holdUntilStored, for a tag added.
 */
export function holdTagUntilStored(conversationId: number, slug: string, name: string): (recorded: boolean) => void {
  if (!typedTagNames.has(slug)) typedTagNames.set(slug, name.trim());
  return holdTagChange(conversationId, { slug, on: true });
}

/** The same for a tag removed: its chip goes at once. */
export function holdTagRemovalUntilStored(conversationId: number, slug: string): (recorded: boolean) => void {
  return holdTagChange(conversationId, { slug, on: false });
}

/** An earlier change to the same tag is superseded (added, then removed before the write was read back). */
function holdTagChange(conversationId: number, tag: TagChange): (recorded: boolean) => void {
  const earlier = (held.get(conversationId) ?? []).filter((other) => {
    if (other.tag?.slug !== tag.slug) return true;
    delete other.tag;
    return Object.keys(other.patch).length > 0;
  });
  return hold(conversationId, earlier, { patch: {}, tag });
}

function hold(conversationId: number, earlier: Held[], entry: Held): (recorded: boolean) => void {
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

function holds(conversation: Conversation, { patch, tag }: Held): boolean {
  const fieldsHeld = Object.entries(patch).every(([key, value]) => conversation[key as keyof ConversationOverlay] === value);
  return fieldsHeld && (tag === undefined || conversation.tags.includes(tag.slug) === tag.on);
}

/** The conversation as this tab shows it: the stored copy with the changes it does not hold yet. */
export function overlaid(conversation: Conversation): Conversation {
  const pending = (held.get(conversation.id) ?? []).filter((entry) => !holds(conversation, entry));
  if (pending.length === 0) return conversation;
  const shown = Object.assign({ ...conversation }, ...pending.map((entry) => entry.patch)) as Conversation;
  const changes = pending.flatMap((entry) => (entry.tag ? [entry.tag] : []));
  return changes.length === 0 ? shown : { ...shown, tags: changes.reduce(withTagChange, shown.tags) };
}

function withTagChange(tags: readonly string[], { slug, on }: TagChange): string[] {
  if (on) return tags.includes(slug) ? [...tags] : [...tags, slug];
  return tags.filter((tag) => tag !== slug);
}

/** `names` (slug → name, as stored) with the names typed in this tab for the tags it does not name yet. */
export function withTypedTagNames(names: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  const missing = [...typedTagNames].filter(([slug]) => !names.has(slug));
  return missing.length === 0 ? names : new Map([...names, ...missing]);
}

/** `overlaid`, re-rendering when a change is held or let go; a change the stored copy now holds is let go. */
export function useOverlaidConversation(conversation: Conversation): Conversation {
  useSyncExternalStore(subscribe, () => version);
  const caughtUp = (held.get(conversation.id) ?? []).filter((entry) => holds(conversation, entry));
  useEffect(() => {
    for (const entry of caughtUp) release(conversation.id, entry);
  });
  return overlaid(conversation);
}
