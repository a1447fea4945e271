import type { Conversation, ConversationStatus } from '../../../protocol/documents';
import type { ConversationFilter } from '../conversation-filter';

type Listed = Pick<Conversation, 'id' | 'status' | 'agent_id' | 'priority' | 'last_update_ts'>;

/**
 * The statuses each list filter shows, so the live query can read the status index:
 * - inbox (§2's default inbox): open, and assigned to me or to nobody;
 * - waiting: waiting on the customer, whoever it is assigned to;
 * - all: every conversation, closed ones included (the only way back to a closed one until
 *   search arrives).
 */
export const FILTER_STATUSES: Record<ConversationFilter, readonly ConversationStatus[] | null> = {
  inbox: ['OPENED'],
  waiting: ['WAITING'],
  all: null,
};

export function matchesFilter(conversation: Listed, filter: ConversationFilter, myId: number): boolean {
  const statuses = FILTER_STATUSES[filter];
  if (statuses !== null && !statuses.includes(conversation.status)) return false;
  if (filter === 'inbox') return conversation.agent_id === null || conversation.agent_id === myId;
  return true;
}

/** §2 "order priority": higher priority first, then the latest activity; id keeps it stable. */
export function compareConversations(a: Listed, b: Listed): number {
  return b.priority - a.priority || b.last_update_ts - a.last_update_ts || b.id - a.id;
}

/** The first `limit` conversations of a filter, in order, and how many match in all. */
export function selectConversations<T extends Listed>(
  conversations: readonly T[],
  filter: ConversationFilter,
  myId: number,
  limit: number,
): { rows: T[]; total: number } {
  const matching = conversations.filter((c) => matchesFilter(c, filter, myId)).sort(compareConversations);
  return { rows: matching.slice(0, limit), total: matching.length };
}
