import { defaultCustomInbox } from '../../../../protocol/api/custom-inboxes';
import type { CustomInbox } from '../../../../protocol/api/models';
import type { Contact, ConversationStatus } from '../../../../protocol/documents';
import { DEFAULT_INBOX_QUERY } from '../../../../protocol/inbox-query/inbox-query';
import { compareForInbox, matchesInboxQuery, type InboxConversation, type InboxSortable } from '../../../../protocol/inbox-query/match-inbox-query';
import { parseInboxQuery } from '../../../../protocol/inbox-query/parse-inbox-query';
import type { InboxQuery } from '../../../../protocol/inbox-query/inbox-query';
import { FILTER_PARAM, INBOX_PARAM, type ConversationFilter } from '../../conversation-filter';

type Listed = InboxConversation & InboxSortable;

/**
 * Each list filter is an inbox query (the language the server evaluates too, so the list and
 * the server agree on membership):
 * - inbox: §2's default inbox, assigned to me or to nobody, open, newest activity first;
 * - waiting: waiting on the customer, whoever it is assigned to;
 * - snoozed: the snoozed ones, by their last activity (oldest first);
 * - all: every conversation, closed ones included (snoozed ones apart: they are in no list but
 *   their own until they are back).
 */
export const FILTER_QUERIES: Record<ConversationFilter, string> = {
  inbox: DEFAULT_INBOX_QUERY,
  waiting: 'is:waiting order:priority',
  snoozed: 'is:snoozed order:oldest',
  all: 'order:priority',
};

/** The statuses each filter can show, so the live query can read the status index. */
export const FILTER_STATUSES: Record<ConversationFilter, readonly ConversationStatus[] | null> = {
  inbox: ['OPENED'],
  waiting: ['WAITING'],
  snoozed: null,
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
  snoozed: parsed(FILTER_QUERIES.snoozed),
  all: parsed(FILTER_QUERIES.all),
};

export function matchesFilter(conversation: InboxConversation, filter: ConversationFilter, myId: number): boolean {
  return matchesInboxQuery(QUERIES[filter], conversation, { me: myId });
}

/** The default inbox's order: the latest activity first (whatever the priority); id keeps it stable. */
export const compareConversations: (a: InboxSortable, b: InboxSortable) => number = compareForInbox(QUERIES.inbox);

/**
 * What a list shows: a built-in filter's query, or a custom inbox's (§3 `custom_inboxes`).
 * `statuses` narrows the IndexedDB read when the query allows it; `key` changes with the list.
 */
export type ListSource = { key: string; query: InboxQuery; statuses: readonly ConversationStatus[] | null };

function customSource(inbox: CustomInbox | undefined): ListSource | null {
  if (!inbox) return null;
  const result = parseInboxQuery(inbox.query);
  return result.ok ? { key: `custom:${inbox.key}:${inbox.query}`, query: result.query, statuses: null } : null;
}

/** The list of an unsaved inbox query (`?query=`), or null when it does not parse. */
export function querySource(text: string): ListSource | null {
  const result = parseInboxQuery(text);
  return result.ok ? { key: `query:${text}`, query: result.query, statuses: null } : null;
}

/**
 * The list for `?filter=` and `?inbox=`: a custom inbox by key wins; otherwise the built-in
 * filter (`?filter=inbox` is always the built-in Inbox, whatever the agent's default).
 */
export function resolveListSource(filter: ConversationFilter, customInboxes: readonly CustomInbox[], inboxKey: string | null): ListSource {
  const chosen = inboxKey === null ? null : customSource(customInboxes.find((inbox) => inbox.key === inboxKey));
  return chosen ?? { key: filter, query: QUERIES[filter], statuses: FILTER_STATUSES[filter] };
}

/**
 * The custom inbox a list URL means: `?inbox=<key>`, or with neither `?inbox=` nor `?filter=`
 * (`/{domain}/conversations`, where the app lands) the one the agent chose as default.
 */
export function listInboxKey(params: URLSearchParams, customInboxes: readonly CustomInbox[]): string | null {
  const key = params.get(INBOX_PARAM);
  if (key !== null) return key;
  return params.has(FILTER_PARAM) ? null : (defaultCustomInbox(customInboxes)?.key ?? null);
}

/** The default inbox's list (§2, §9 "the default inbox is unread-counted"). */
export function defaultListSource(customInboxes: readonly CustomInbox[]): ListSource {
  return resolveListSource('inbox', customInboxes, defaultCustomInbox(customInboxes)?.key ?? null);
}

/** The first `limit` conversations of a list, in order, and how many match in all. */
export function selectConversations<T extends Listed>(
  conversations: readonly T[],
  source: ConversationFilter | ListSource,
  myId: number,
  limit: number,
  contacts?: ReadonlyMap<number, Pick<Contact, 'name' | 'email'>>,
): { rows: T[]; total: number } {
  const { query } = typeof source === 'string' ? resolveListSource(source, [], null) : source;
  const matching = conversations
    .filter((c) => matchesInboxQuery(query, c, { me: myId, contact: contacts?.get(c.contact_id) }))
    .sort(compareForInbox(query));
  return { rows: matching.slice(0, limit), total: matching.length };
}

/** Whether a query has free text or custom data, which need each conversation’s contact. */
export function needsContacts(query: InboxQuery): boolean {
  return query.terms.some((term) => term.kind === 'text' || term.kind === 'data');
}

