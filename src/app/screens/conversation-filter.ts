import { parseConversationId } from '../../protocol/conversation-id';

/** The list filters behind the shortcut subpaths of §2 (`conversations/inbox|waiting|all`). */
export const CONVERSATION_FILTERS = ['inbox', 'waiting', 'snoozed', 'all'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

export const FILTER_PARAM = 'filter';
/** `?query=<inbox query>`: a list of the conversations an unsaved inbox query matches (a report's drill-down). */
export const QUERY_PARAM = 'query';
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
  return `${conversationPagePath(domain, id)}?${FILTER_PARAM}=${filter}`;
}

/**
 * A conversation's page: `conversations/view/{id}`, or for one this device started that the
 * server has not saved yet (a negative temporary id), `conversations/starting/{-id}`.
 */
function conversationPagePath(domain: string, id: number): string {
  return id < 0 ? `/${domain}/conversations/starting/${-id}` : `/${domain}/conversations/view/${id}`;
}

/** The temporary id of `conversations/starting/{n}`, or null. */
export function startingConversationId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9][0-9]{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? -Number(raw) : null;
}

/** The end of a conversation's page's path (`conversationPagePath`), whose conversation the keys act on. */
const CONVERSATION_PAGE = /\/conversations\/(view|starting)\/([^/]+)$/;

export function isConversationPage(path: string): boolean {
  return CONVERSATION_PAGE.test(path);
}

/** The conversation a page shows (one being started by its temporary, negative id), or null when the path is no conversation's page. */
export function conversationOfPage(path: string): number | string | null {
  const match = CONVERSATION_PAGE.exec(path);
  if (!match) return null;
  return match[1] === 'starting' ? startingConversationId(match[2]) : parseConversationId(match[2]);
}

/** A custom inbox's list. */
export function customInboxPath(domain: string, key: string): string {
  return `/${domain}/conversations?${INBOX_PARAM}=${encodeURIComponent(key)}`;
}

/** A conversation opened from a custom inbox. */
export function customInboxViewPath(domain: string, id: number, key: string): string {
  return `${conversationPagePath(domain, id)}?${INBOX_PARAM}=${encodeURIComponent(key)}`;
}
