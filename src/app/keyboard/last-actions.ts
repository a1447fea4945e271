import type { MutationInput } from '../../client-db/outbox-row';
import type { ConversationStatus } from '../../protocol/documents';

/** An action of this tab that z can take back, with what it needs to do so. */
export type UndoableAction =
  | { kind: 'status'; conversation_id: number; before: ConversationStatus; after: ConversationStatus }
  | { kind: 'assign'; conversation_id: number; before: number | null; after: number | null }
  | { kind: 'tag'; conversation_id: number; name: string; tagsBefore: readonly string[] }
  /** A held reply (§4), found again through its outbox row. */
  | { kind: 'send'; conversation_id: number; outbox_id: number };

/** The newest last; a small bound, since only the last few actions are ever undone. */
export type LastActions = readonly UndoableAction[];

export const LAST_ACTIONS_MAX = 20;

export function pushAction(stack: LastActions, action: UndoableAction): LastActions {
  return [...stack, action].slice(-LAST_ACTIONS_MAX);
}

export function popAction(stack: LastActions): { action: UndoableAction | undefined; rest: LastActions } {
  return { action: stack.at(-1), rest: stack.slice(0, -1) };
}

/** What the conversation looks like now, for the inverses that depend on it. */
export type CurrentConversation = { tags: readonly string[] };

/**
 * The mutation that takes an action back, or null when there is nothing left to take back
 * (the tag is gone already). A send is undone through undoSend, not a mutation.
 */
export function inverseMutation(
  action: Exclude<UndoableAction, { kind: 'send' }>,
  current: CurrentConversation | undefined,
  tagNames: ReadonlyMap<string, string>,
): MutationInput | null {
  const conversation_id = action.conversation_id;
  switch (action.kind) {
    case 'status':
      return { kind: 'status', conversation_id, status: action.before };
    case 'assign':
      return { kind: 'assign', conversation_id, agent_id: action.before };
    case 'tag': {
      const slug = current ? addedTagSlug(action.tagsBefore, current.tags, action.name, tagNames) : null;
      return slug === null ? null : { kind: 'untag', conversation_id, slug };
    }
  }
}

/**
 * The slug a tag action added. The app does not compute slugs (the server does), so it is the
 * new slug whose name matches; failing that, the only new slug.
 */
export function addedTagSlug(before: readonly string[], after: readonly string[], name: string, tagNames: ReadonlyMap<string, string>): string | null {
  const added = after.filter((slug) => !before.includes(slug));
  const wanted = name.trim().toLowerCase();
  const named = added.find((slug) => (tagNames.get(slug) ?? slug).toLowerCase() === wanted);
  if (named) return named;
  return added.length === 1 ? (added[0] ?? null) : null;
}

/** A few words for the "Undone" toast. */
export function describeAction(action: UndoableAction): string {
  switch (action.kind) {
    case 'status':
      return `status of #${action.conversation_id}`;
    case 'assign':
      return `assignment of #${action.conversation_id}`;
    case 'tag':
      return `tag “${action.name}” on #${action.conversation_id}`;
    case 'send':
      return `reply in #${action.conversation_id}`;
  }
}

type HeldMessage = { id: string; status: string; agent_id: number | null; outbox_id?: number; deliver_at: number | null; timestamp_ts: number };

/**
 * The held reply a 'send' action made, while it can still be undone. Once the server has
 * saved it the optimistic copy (and its outbox id) is replaced, so failing that it is this
 * agent's newest reply of the conversation still in its delay.
 */
export function findHeldSend<M extends HeldMessage>(messages: readonly M[], outboxId: number, myId: number, now: number): M | null {
  const undoable = (m: M) => m.status === 'PENDING' && m.deliver_at !== null && m.deliver_at > now;
  const own = messages.find((m) => m.outbox_id === outboxId);
  if (own) return undoable(own) ? own : null;
  const mine = messages.filter((m) => m.agent_id === myId && undoable(m));
  return mine.reduce<M | null>((newest, m) => (!newest || m.timestamp_ts > newest.timestamp_ts ? m : newest), null);
}
