import type { ConversationStatus } from '../../../protocol/documents';
import { DEFAULT_INBOX_QUERY } from '../../../protocol/inbox-query/inbox-query';
import { compareForInbox, matchesInboxQuery, type InboxConversation, type InboxSortable } from '../../../protocol/inbox-query/match-inbox-query';
import { parseInboxQuery } from '../../../protocol/inbox-query/parse-inbox-query';
import type { InboxQuery } from '../../../protocol/inbox-query/inbox-query';
import type { ConversationFilter } from '../conversation-filter';

type Listed = InboxConversation & InboxSortable;

/**
 * Each list filter is an inbox query (the language the server evaluates too, so the list and
 * the server agree on membership):
 * - inbox: §2's default inbox, assigned to me or to nobody, open, by priority;
 * - waiting: waiting on the customer, whoever it is assigned to;
 * - all: every conversation, closed ones included.
 */
export const FILTER_QUERIES: Record<ConversationFilter, string> = {
  inbox: DEFAULT_INBOX_QUERY,
  waiting: 'is:waiting order:priority',
  all: 'order:priority',
};

/** The statuses each filter can show, so the live query can read the status index. */
export const FILTER_STATUSES: Record<ConversationFilter, readonly ConversationStatus[] | null> = {
  inbox: ['OPENED'],
  waiting: ['WAITING'],
  all: null,
};

function parsed(text: string): InboxQuery {
  const result = parseInboxQuery(text);
  if (!result.ok) throw new Error(`Built-in inbox query '${text}' is invalid: ${result.error.message}`);
  return result.query;
}

const QUERIES: Record<ConversationFilter, InboxQuery> = {
  inbox: parsed(FILTER_QUERIES.inbox),
  waiting: parsed(FILTER_QUERIES.waiting),
  all: parsed(FILTER_QUERIES.all),
};

export function matchesFilter(conversation: InboxConversation, filter: ConversationFilter, myId: number): boolean {
  return matchesInboxQuery(QUERIES[filter], conversation, { me: myId });
}

/** §2 "order priority": higher priority first, then the latest activity; id keeps it stable. */
export const compareConversations: (a: InboxSortable, b: InboxSortable) => number = compareForInbox({ order: 'priority' });

/** The first `limit` conversations of a filter, in order, and how many match in all. */
export function selectConversations<T extends Listed>(
  conversations: readonly T[],
  filter: ConversationFilter,
  myId: number,
  limit: number,
): { rows: T[]; total: number } {
  const matching = conversations.filter((c) => matchesFilter(c, filter, myId)).sort(compareForInbox(QUERIES[filter]));
  return { rows: matching.slice(0, limit), total: matching.length };
}

