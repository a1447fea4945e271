/** The list filters behind the shortcut subpaths of §2 (`conversations/inbox|waiting|all`). */
export const CONVERSATION_FILTERS = ['inbox', 'waiting', 'snoozed', 'all'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

export const FILTER_PARAM = 'filter';
/** `?inbox=<key>`: one of the agent's custom inboxes (§3 `custom_inboxes`). */
export const INBOX_PARAM = 'inbox';

export function parseConversationFilter(value: string | null): ConversationFilter {
  return CONVERSATION_FILTERS.find((filter) => filter === value) ?? 'inbox';
}

export function conversationListPath(domain: string, filter: ConversationFilter): string {
  return `/${domain}/conversations?${FILTER_PARAM}=${filter}`;
}

/** A conversation, remembering the list it was opened from (for "back" and the side list). */
export function conversationViewPath(domain: string, id: number, filter: ConversationFilter): string {
  return `/${domain}/conversations/view/${id}?${FILTER_PARAM}=${filter}`;
}

/** A custom inbox's list. */
export function customInboxPath(domain: string, key: string): string {
  return `/${domain}/conversations?${INBOX_PARAM}=${encodeURIComponent(key)}`;
}

/** A conversation opened from a custom inbox. */
export function customInboxViewPath(domain: string, id: number, key: string): string {
  return `/${domain}/conversations/view/${id}?${INBOX_PARAM}=${encodeURIComponent(key)}`;
}
