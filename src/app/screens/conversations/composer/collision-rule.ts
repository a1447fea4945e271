import type { LocalMessage } from '../../../../client-db/inbox-database';

/**
 * The collision rule (§1, §4): while an agent writes a reply, a customer's message or a
 * teammate's reply that arrives in the conversation must be seen before the reply goes out.
 * Pure, so the screen's hook stays a thin shell.
 */

/** The newest entries of the thread at one moment (when writing started, or at a review). */
export type SeenMark = { ids: ReadonlySet<string>; floor: number };

/** `entries` are the newest entries of the thread the screen holds (any order). */
export function markOf(entries: readonly LocalMessage[]): SeenMark {
  let floor = Infinity;
  for (const entry of entries) floor = Math.min(floor, entry.timestamp_ts);
  return { ids: new Set(entries.map((entry) => entry.id)), floor: entries.length === 0 ? -Infinity : floor };
}

/**
 * Something the agent must see before answering: a message (not a note) from the customer or
 * from a teammate, not cancelled. The agent's own replies never count, nor its optimistic
 * copies (no author yet).
 */
export function isColliding(entry: LocalMessage, me: number): boolean {
  if (entry.type !== 'MESSAGE' || entry.status === 'CANCELLED' || entry.is_removed) return false;
  if (entry.agent_id === null && entry.contact_id === null) return false;
  return entry.agent_id !== me;
}

/**
 * Colliding entries that arrived after `mark`, oldest first. An older page loaded meanwhile
 * is not an arrival: it lies before the mark's oldest entry.
 */
export function arrivedSince(entries: readonly LocalMessage[], mark: SeenMark, me: number): LocalMessage[] {
  return entries
    .filter((entry) => !mark.ids.has(entry.id) && entry.timestamp_ts > mark.floor && isColliding(entry, me))
    .sort((a, b) => a.timestamp_ts - b.timestamp_ts);
}

export type CollisionMarks = { writing: SeenMark | null; reviewed: SeenMark | null };

export type CollisionState = {
  /** What arrived since the agent started writing: the notice names it. */
  arrived: LocalMessage[];
  /** What arrived since the last review: while any, Send reveals it instead of sending. */
  unreviewed: LocalMessage[];
};

export function collisionState(entries: readonly LocalMessage[], marks: CollisionMarks, me: number): CollisionState {
  if (!marks.writing) return { arrived: [], unreviewed: [] };
  const arrived = arrivedSince(entries, marks.writing, me);
  const unreviewed = marks.reviewed ? arrivedSince(arrived, marks.reviewed, me) : arrived;
  return { arrived, unreviewed };
}

/** The notice's sentence, e.g. "New message from Jane Doe while you were writing." */
export function collisionText(arrived: readonly LocalMessage[], authorName: (entry: LocalMessage) => string): string {
  const [only] = arrived;
  if (!only) return '';
  if (arrived.length > 1) return `${arrived.length} new messages while you were writing.`;
  return only.agent_id === null ? `New message from ${authorName(only)} while you were writing.` : `${authorName(only)} replied while you were writing.`;
}
