import { z } from 'zod';
import { recipientBody, spamBody } from '../api/conversation-actions';
import { assignBody, bulkAction, bulkBody, snoozeBody, statusBody, tagBody } from '../api/conversation-requests';
import type { BulkAction as BulkChange } from '../api/conversation-requests';
import { route } from '../api/route';
import type { ConversationStatus } from '../documents';
import type { MutationEntries } from './mutation-entry';
import type { Inverse, MutationInput } from './mutation-input';

/**
 * The conversation actions (§7 `conversations/{id}/…`, `conversations/bulk`): their arguments as
 * the app hands them to the worker and the outbox stores them, built from the request bodies the
 * server validates. The worker's definitions are in src/workers/mutations/.
 */
export const conversationIdField = z
  .number({ error: 'must be a conversation id' })
  .int({ error: 'must be a conversation id' })
  .positive({ error: 'must be a conversation id' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'must be a conversation id' });

/** A message or note id (`m-1`, `n-1`), or the temporary id `t-…` of one not saved yet. */
export const messageIdField = z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(40, { error: 'is not a message id' });

const onConversation = z.object({ conversation_id: conversationIdField });

/**
 * The slug of the tag a name stands for, as the device found it when the action was queued (the
 * worker fills it; the request sends the name): a tag of that name, renamed since it was created,
 * keeps its first slug, and the server adds it by its name.
 */
const tagSlugField = z.string().min(1).max(100).optional();

export const CONVERSATION_MUTATIONS = {
  tag: { route: route('POST', 'conversations/:id/tags'), args: onConversation.extend(tagBody.shape).extend({ slug: tagSlugField }) },
  /** `slug` as in `DELETE …/tags/{slug}`. */
  untag: { route: route('DELETE', 'conversations/:id/tags/:slug'), args: onConversation.extend({ slug: z.string().min(1).max(100) }) },
  status: { route: route('POST', 'conversations/:id/status'), args: onConversation.extend(statusBody.shape) },
  assign: { route: route('POST', 'conversations/:id/assign'), args: onConversation.extend(assignBody.shape) },
  /** Out of the lists until `until` (null: back now); the server wakes it (`…/snooze`). */
  snooze: { route: route('POST', 'conversations/:id/snooze'), args: onConversation.extend(snoozeBody.shape) },
  /** The app marks a conversation read when it is opened: not one of the agent's changes waiting. */
  read: { route: route('POST', 'conversations/:id/read'), args: onConversation, background: true },
  /** A recipient of replies (`…/recipients`); `email` as recipientEmailField leaves it. */
  'add-recipient': { route: route('POST', 'conversations/:id/recipients'), args: onConversation.extend(recipientBody.shape) },
  'remove-recipient': { route: route('DELETE', 'conversations/:id/recipients/:email'), args: onConversation.extend(recipientBody.shape) },
  /** Closed, read and tagged `spam`; with `block` the contact joins the blocked list. */
  spam: { route: route('POST', 'conversations/:id/spam'), args: onConversation.extend({ block: spamBody.shape.block.unwrap() }) },
  /**
   * The message and every later entry move to a new conversation (`…/split`). The worker fills
   * `moved_ids` from what IndexedDB holds: those entries leave the thread at once.
   */
  split: {
    route: route('POST', 'conversations/:id/split'),
    args: onConversation.extend({ message_id: messageIdField, moved_ids: z.array(messageIdField).optional() }),
  },
  /**
   * Every entry moves into `into`, another conversation of the same contact, and this one is gone
   * (`…/merge`). The worker fills `moved_ids` from what IndexedDB holds: they move at once.
   */
  merge: {
    route: route('POST', 'conversations/:id/merge'),
    args: onConversation.extend({ into: conversationIdField, moved_ids: z.array(messageIdField).optional() }),
  },
  /** One action on several conversations: one row, one request, patched on (and rolled back from) each. */
  bulk: {
    route: route('POST', 'conversations/bulk'),
    args: z.object({ conversation_ids: bulkBody.shape.ids, action: bulkAction, tag_slug: tagSlugField }),
  },
} satisfies MutationEntries;

/** What the tab records of a status change, an assignment and a tag, so that z can take it back. */
export type StatusAction = { kind: 'status'; conversation_id: number; before: ConversationStatus; after: ConversationStatus };
export type AssignAction = { kind: 'assign'; conversation_id: number; before: number | null; after: number | null };
export type TagAction = { kind: 'tag'; conversation_id: number; name: string; tagsBefore: readonly string[] };
/** A tag removed: its slug, and its name as shown then (for the toasts, and to add it back by). */
export type UntagAction = { kind: 'untag'; conversation_id: number; slug: string; name: string };
export type SnoozeAction = { kind: 'snooze'; conversation_id: number; before: number | null; after: number | null };

/** What a bulk action changed: each conversation as it was before. */
export type BulkBefore = { id: number; status: ConversationStatus; agent_id: number | null; tags: readonly string[] };
export type BulkAction = { kind: 'bulk'; action: BulkChange; before: readonly BulkBefore[] };

const STATUS_DONE: Record<ConversationStatus, string> = { OPENED: 'reopened', WAITING: 'set to waiting', CLOSED: 'closed' };

export const CONVERSATION_INVERSES = {
  status: {
    inverse: (action: StatusAction) => [{ kind: 'status', conversation_id: action.conversation_id, status: action.before }],
    describe: (action: StatusAction) => `status of #${action.conversation_id}`,
    done: (action: StatusAction) => `#${action.conversation_id} ${STATUS_DONE[action.after]}`,
  },
  assign: {
    inverse: (action: AssignAction) => [{ kind: 'assign', conversation_id: action.conversation_id, agent_id: action.before }],
    describe: (action: AssignAction) => `assignment of #${action.conversation_id}`,
    done: (action: AssignAction) => (action.after === null ? `#${action.conversation_id} unassigned` : `#${action.conversation_id} assigned`),
  },
  tag: {
    inverse(action: TagAction, { conversations, tagNames }) {
      const conversation = conversations.get(action.conversation_id);
      const slug = conversation ? addedTagSlug(action.tagsBefore, conversation.tags, action.name, tagNames) : null;
      return slug === null ? [] : [{ kind: 'untag', conversation_id: action.conversation_id, slug }];
    },
    describe: (action: TagAction) => `tag “${action.name}” on #${action.conversation_id}`,
    done: (action: TagAction) => `#${action.conversation_id} tagged “${action.name}”`,
  },
  untag: {
    // Added back by its name (the server finds the tag by it) unless it is back already.
    inverse(action: UntagAction, { conversations, tagNames }) {
      const conversation = conversations.get(action.conversation_id);
      if (!conversation || conversation.tags.includes(action.slug)) return [];
      return [{ kind: 'tag', conversation_id: action.conversation_id, name: tagNames.get(action.slug) ?? action.name }];
    },
    describe: (action: UntagAction) => `removal of “${action.name}” from #${action.conversation_id}`,
    done: (action: UntagAction) => `“${action.name}” removed from #${action.conversation_id}`,
  },
  snooze: {
    inverse: (action: SnoozeAction) => [{ kind: 'snooze', conversation_id: action.conversation_id, until: action.before }],
    describe: (action: SnoozeAction) => `snooze of #${action.conversation_id}`,
    done: (action: SnoozeAction) => (action.after === null ? `#${action.conversation_id} back from its snooze` : `#${action.conversation_id} snoozed`),
  },
  bulk: {
    inverse: bulkInverse,
    describe: (action: BulkAction) => `${bulkWhat(action.action)} of ${conversationCount(action.before.length)}`,
    done: (action: BulkAction) => `${conversationCount(action.before.length)} ${bulkDone(action.action)}`,
  },
} satisfies {
  status: Inverse<StatusAction>;
  assign: Inverse<AssignAction>;
  tag: Inverse<TagAction>;
  untag: Inverse<UntagAction>;
  snooze: Inverse<SnoozeAction>;
  bulk: Inverse<BulkAction>;
};

/**
 * A bulk action taken back: each conversation returns to what it was, grouped into as few bulk
 * rows as there are distinct earlier values (three conversations closed from two states: two rows).
 */
function bulkInverse(action: BulkAction, { conversations, tagNames }: Parameters<Inverse<BulkAction>['inverse']>[1]): MutationInput[] {
  const change = action.action;
  const groups = new Map<string, { action: BulkChange; ids: number[] }>();
  const add = (key: string, back: BulkChange, id: number) => {
    const group = groups.get(key) ?? { action: back, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  };
  for (const before of action.before) {
    if ('status' in change) {
      if (before.status !== change.status) add(before.status, { status: before.status }, before.id);
    } else if ('agent_id' in change) {
      if (before.agent_id !== change.agent_id) add(String(before.agent_id), { agent_id: before.agent_id }, before.id);
    } else if ('add_tag' in change) {
      const now = conversations.get(before.id);
      const slug = now ? addedTagSlug(before.tags, now.tags, change.add_tag, tagNames) : null;
      if (slug !== null) add(slug, { remove_tag: slug }, before.id);
    } else if (before.tags.includes(change.remove_tag)) {
      add(change.remove_tag, { add_tag: tagNames.get(change.remove_tag) ?? change.remove_tag }, before.id);
    }
  }
  return [...groups.values()].map((group) => ({ kind: 'bulk', conversation_ids: group.ids, action: group.action }));
}

function bulkWhat(change: BulkChange): string {
  if ('status' in change) return 'status';
  if ('agent_id' in change) return 'assignment';
  return 'tags';
}

function bulkDone(change: BulkChange): string {
  if ('status' in change) return STATUS_DONE[change.status];
  if ('agent_id' in change) return change.agent_id === null ? 'unassigned' : 'assigned';
  if ('add_tag' in change) return `tagged “${change.add_tag}”`;
  return 'untagged';
}

function conversationCount(count: number): string {
  return count === 1 ? '1 conversation' : `${count} conversations`;
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
