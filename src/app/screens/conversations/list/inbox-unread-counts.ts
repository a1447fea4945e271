import type { CustomInbox } from '../../../../protocol/api/models';
import type { Contact, ConversationStatus } from '../../../../protocol/documents';
import type { InboxQuery } from '../../../../protocol/inbox-query/inbox-query';
import { matchesInboxQuery, type InboxConversation } from '../../../../protocol/inbox-query/match-inbox-query';
import { parseInboxQuery } from '../../../../protocol/inbox-query/parse-inbox-query';
import { defaultListSource } from './inbox-filter';

/** The key of the default inbox, as in the server's `statistics` (§9 "the default inbox is unread-counted"). */
export const DEFAULT_INBOX_KEY = 'default';

export type CountedInbox = { key: string; query: InboxQuery };

/**
 * The inboxes the sidebar counts, as the server's statistics do: `default` (the custom inbox
 * chosen as default, or §2's built-in one) and each custom inbox by key. A query that does not parse
 * is left out.
 */
export function countedInboxes(customInboxes: readonly CustomInbox[]): CountedInbox[] {
  const counted: CountedInbox[] = [];
  for (const inbox of customInboxes) {
    const parsed = parseInboxQuery(inbox.query);
    if (parsed.ok && inbox.key !== DEFAULT_INBOX_KEY) counted.push({ key: inbox.key, query: parsed.query });
  }
  counted.push({ key: DEFAULT_INBOX_KEY, query: defaultListSource(customInboxes).query });
  return counted;
}

/**
 * The statuses a set of queries can match, so the read can use the status index; null when
 * one of them may match any status.
 */
export function statusesToRead(inboxes: readonly CountedInbox[]): ConversationStatus[] | null {
  const statuses = new Set<ConversationStatus>();
  for (const { query } of inboxes) {
    const term = query.terms.find((t) => t.kind === 'is' && !t.negated && t.values.every((value) => value !== 'UNREAD' && value !== 'SNOOZED'));
    if (term?.kind !== 'is') return null;
    for (const value of term.values) if (value !== 'UNREAD' && value !== 'SNOOZED') statuses.add(value);
  }
  return [...statuses];
}

type CountedContacts = ReadonlyMap<number, Pick<Contact, 'name' | 'email' | 'custom_data'>>;

/** The keys of the inboxes an unread conversation counts in, with the lists' predicate (and the server's); none when it is read. */
export function unreadInboxKeys(conversation: InboxConversation | undefined, inboxes: readonly CountedInbox[], me: number, contacts?: CountedContacts): string[] {
  if (!conversation?.is_unread) return [];
  const context = { me, contact: contacts?.get(conversation.contact_id) };
  return inboxes.filter(({ query }) => matchesInboxQuery(query, conversation, context)).map(({ key }) => key);
}

/** Unread conversations per inbox key, with the same predicate as the lists (and the server). */
export function countUnreadByInbox(conversations: Iterable<InboxConversation>, inboxes: readonly CountedInbox[], me: number, contacts?: CountedContacts): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { key } of inboxes) counts[key] = 0;
  for (const conversation of conversations) {
    for (const key of unreadInboxKeys(conversation, inboxes, me, contacts)) counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
