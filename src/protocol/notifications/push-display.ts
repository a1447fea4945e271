import type { PushPayload } from './push-requests';

/** The service worker's message asking a page to show a conversation (a notification was clicked). */
export const OPEN_CONVERSATION_MESSAGE = 'open-conversation';
export type OpenConversationMessage = { type: typeof OPEN_CONVERSATION_MESSAGE; url: string };

/**
 * The service worker asks a tab which path it shows (a client's URL stays the one it loaded
 * while the app moves with pushState); the tab answers `{path}` on the message's port.
 */
export const WHICH_PATH_MESSAGE = 'which-path';
export type WhichPathMessage = { type: typeof WHICH_PATH_MESSAGE };
export type ShownPath = { path: string };

/** What a shown notification keeps, to group the next push of its conversation with it. */
export type ShownNotification = { url: string; count: number };

/** A push's payload, if it is one of ours (anything else is ignored). */
export function readPushPayload(value: unknown): PushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const strings = ['title', 'body', 'event', 'slug', 'url'].every((key) => typeof record[key] === 'string');
  if (!strings || typeof record['conversation_id'] !== 'number' || typeof record['sent_at'] !== 'number') return null;
  if (!String(record['url']).startsWith('/')) return null;
  return value as PushPayload;
}

/** One notification per conversation: a later push replaces the shown one under this tag. */
export function notificationTag(payload: Pick<PushPayload, 'slug' | 'conversation_id'>): string {
  return `conversation:${payload.slug}:${payload.conversation_id}`;
}

/** The body of the grouped notification: the latest news, then how many came before it. */
export function groupedBody(payload: Pick<PushPayload, 'body'>, earlier: number): string {
  if (earlier <= 0) return payload.body;
  return `${payload.body}\n+ ${earlier} earlier update${earlier === 1 ? '' : 's'} in this conversation`;
}

/** Whether a tab at `pageUrl` shows the conversation at `path` (its own thread view). */
export function showsConversation(pageUrl: string, path: string): boolean {
  try {
    return new URL(pageUrl).pathname.replace(/\/+$/, '') === path.replace(/\/+$/, '');
  } catch {
    return false;
  }
}
