import { customValueLiteral, customValueLiterals, type CustomData } from '../custom-data/custom-fields';
import type { Contact, Conversation } from '../documents';
import { createdInterval, DEFAULT_INBOX_ORDER, DEFAULT_INBOX_TIME_ZONE, foldInboxText, snoozedShown, type InboxOrder, type InboxQuery, type InboxTerm } from './inbox-query';

/** What evaluation reads of a conversation. */
export type InboxConversation = Pick<
  Conversation,
  'id' | 'agent_id' | 'contact_id' | 'channel' | 'status' | 'tags' | 'is_unread' | 'subject' | 'last_update' | 'snoozed_until' | 'custom_data' | 'created_at'
>;
/** What ordering reads of a conversation. */
export type InboxSortable = Pick<Conversation, 'id' | 'priority' | 'last_update_ts'>;

export type InboxMatchContext = {
  /** The signed-in agent, for `assigned:me`. */
  me: number;
  /** The organization's time zone, for `created:` days (DEFAULT_INBOX_TIME_ZONE without business hours). */
  timeZone?: string | undefined;
  /** The conversation's contact; without it free text looks only at the subject and the last update. */
  contact?: Pick<Contact, 'name' | 'email' | 'custom_data'> | undefined;
};

function textMatches(needle: string, conversation: InboxConversation, contact: InboxMatchContext['contact']): boolean {
  const folded = foldInboxText(needle);
  const haystacks = [conversation.subject, conversation.last_update, contact?.name ?? '', contact?.email ?? ''];
  return haystacks.some((haystack) => foldInboxText(haystack).includes(folded));
}

/** The same comparison as the server's SQL: the stored value's JSON, folded, is one of the values' literals. */
function dataMatches(key: string, values: readonly string[], sources: readonly (CustomData | undefined)[]): boolean {
  const literals = new Set(values.flatMap((value) => customValueLiterals(foldInboxText(value))));
  return sources.some((data) => {
    const stored = data && Object.hasOwn(data, key) ? data[key] : undefined;
    return stored !== undefined && literals.has(foldInboxText(customValueLiteral(stored)));
  });
}

function termMatches(term: InboxTerm, conversation: InboxConversation, context: InboxMatchContext): boolean {
  switch (term.kind) {
    case 'assigned':
      return term.values.some((value) =>
        value === 'me' ? conversation.agent_id === context.me : value === 'none' ? conversation.agent_id === null : conversation.agent_id === value,
      );
    case 'is':
      return term.values.some((value) =>
        value === 'UNREAD' ? conversation.is_unread : value === 'SNOOZED' ? isSnoozed(conversation) : conversation.status === value,
      );
    case 'tag':
      return term.values.some((slug) => conversation.tags.includes(slug));
    case 'channel':
      return term.values.includes(conversation.channel);
    case 'contact':
      return term.values.includes(conversation.contact_id);
    case 'created': {
      const { start, end } = createdInterval(term, context.timeZone ?? DEFAULT_INBOX_TIME_ZONE);
      return conversation.created_at >= start && conversation.created_at < end;
    }
    case 'text':
      return textMatches(term.text, conversation, context.contact);
    case 'data':
      return dataMatches(term.key, term.values, [conversation.custom_data, context.contact?.custom_data]);
  }
}

/** Whether a conversation belongs to the query's list (its order aside). */
export function matchesInboxQuery(query: InboxQuery, conversation: InboxConversation, context: InboxMatchContext): boolean {
  if (isSnoozed(conversation) && !snoozedShown(query)) return false;
  return query.terms.every((term) => termMatches(term, conversation, context) !== term.negated);
}

function isSnoozed(conversation: Pick<InboxConversation, 'snoozed_until'>): boolean {
  return conversation.snoozed_until !== undefined && conversation.snoozed_until !== null;
}

export function inboxOrder(query: Pick<InboxQuery, 'order'>): InboxOrder {
  return query.order ?? DEFAULT_INBOX_ORDER;
}

/**
 * The list's order, the same as the server's ORDER BY: priority (higher first), then the latest
 * activity, then the id, so that no two conversations tie and pages never overlap.
 */
export function compareForInbox(query: Pick<InboxQuery, 'order'>): (a: InboxSortable, b: InboxSortable) => number {
  switch (inboxOrder(query)) {
    case 'priority':
      return (a, b) => b.priority - a.priority || b.last_update_ts - a.last_update_ts || b.id - a.id;
    case 'newest':
      return (a, b) => b.last_update_ts - a.last_update_ts || b.id - a.id;
    case 'oldest':
      return (a, b) => a.last_update_ts - b.last_update_ts || a.id - b.id;
  }
}
