import type { MutationInput } from '../../client-db/outbox-row';
import { inverseOf } from '../../protocol/mutations/mutation-input';
import type { RecordedAction } from '../../protocol/mutations/mutation-input';

/**
 * An action of this tab that z can take back, with what it needs to do so: a mutation whose
 * kind declares an inverse (src/protocol/mutations/), or a held reply (§4), found again through
 * its outbox row and undone through undoSend.
 */
export type UndoableAction = RecordedAction | { kind: 'send'; conversation_id: number; outbox_id: number };

/** The newest last; a small bound, since only the last few actions are ever undone. */
export type LastActions = readonly UndoableAction[];

export const LAST_ACTIONS_MAX = 20;

export function pushAction(stack: LastActions, action: UndoableAction): LastActions {
  return [...stack, action].slice(-LAST_ACTIONS_MAX);
}

export function popAction(stack: LastActions): { action: UndoableAction | undefined; rest: LastActions } {
  return { action: stack.at(-1), rest: stack.slice(0, -1) };
}

/** The stack without this action (its toast's Undo took it back already). */
export function dropAction(stack: LastActions, action: UndoableAction): LastActions {
  return stack.filter((recorded) => recorded !== action);
}

/** The conversations an action changed. */
export function actionConversationIds(action: RecordedAction): number[] {
  return action.kind === 'bulk' ? action.before.map((before) => before.id) : [action.conversation_id];
}

/** What the conversations look like now, for the inverses that depend on it. */
export type CurrentConversation = { id: number; tags: readonly string[] };

/** The mutations that take an action back; none when there is nothing left to take back (the tag is gone already). */
export function inverseMutations(action: RecordedAction, current: readonly CurrentConversation[], tagNames: ReadonlyMap<string, string>): MutationInput[] {
  return inverseOf(action).inverse(action, { conversations: new Map(current.map((c) => [c.id, c])), tagNames });
}

/** A few words for the "Undone" toast. */
export function describeAction(action: UndoableAction): string {
  return action.kind === 'send' ? `reply in #${action.conversation_id}` : inverseOf(action).describe(action);
}

/** The toast that confirms an action, e.g. "#12 closed", "3 conversations tagged “Billing”". */
export function actionDoneText(action: RecordedAction): string {
  return inverseOf(action).done(action);
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
