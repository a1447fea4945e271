import type { WidgetMessage } from '../protocol/widget';

/**
 * The conversation as the visitor's widget shows it: the server's messages, and the visitor's
 * own messages not confirmed yet (sending, or failed with the reason). Pure functions over an
 * immutable list, ordered by time; a message is known by its id, and a confirmed copy replaces
 * the local one by the client id it was sent with.
 */
export type ChatEntry = WidgetMessage & { state: 'sending' | 'sent' | 'failed'; error: string | null };

export type ChatLog = readonly ChatEntry[];

export const EMPTY_LOG: ChatLog = [];

const confirmed = (message: WidgetMessage): ChatEntry => ({ ...message, state: 'sent', error: null });

function sameMessage(entry: ChatEntry, message: WidgetMessage): boolean {
  if (entry.state === 'sent') return entry.id === message.id;
  return message.client_id !== null && entry.client_id === message.client_id;
}

function sorted(entries: ChatEntry[]): ChatLog {
  // Stable: messages of the same millisecond keep the order they arrived in.
  return entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.at - b.entry.at || a.index - b.index).map(({ entry }) => entry);
}

/** A message from the server: added, or replacing its copy (a local one, or an older one). */
export function withMessage(log: ChatLog, message: WidgetMessage): ChatLog {
  const index = log.findIndex((entry) => sameMessage(entry, message) || entry.id === message.id);
  if (index === -1) return sorted([...log, confirmed(message)]);
  const next = [...log];
  next[index] = confirmed(message);
  // A local copy and the server's echo may both be there: keep one.
  return sorted(next.filter((entry, position) => position === index || entry.id !== message.id));
}

/** The history of a (re)connect: the server's messages, then the local ones it does not have. */
export function withHistory(log: ChatLog, history: readonly WidgetMessage[]): ChatLog {
  let next: ChatLog = history.reduce<ChatLog>((acc, message) => withMessage(acc, message), EMPTY_LOG);
  for (const entry of log) {
    if (entry.state !== 'sent' && !next.some((other) => other.client_id === entry.client_id)) next = sorted([...next, entry]);
  }
  return next;
}

/** A message the visitor just wrote, shown at once while it is sent. */
export function withPending(log: ChatLog, clientId: string, text: string, at: number): ChatLog {
  return sorted([...log, { id: `local-${clientId}`, from: 'visitor', text, at, author: null, client_id: clientId, state: 'sending', error: null }]);
}

/** The server refused a message: it stays, marked, with the reason. */
export function withFailure(log: ChatLog, clientId: string, error: string): ChatLog {
  return log.map((entry) => (entry.state !== 'sent' && entry.client_id === clientId ? { ...entry, state: 'failed', error } : entry));
}

/** A failed message sent again. */
export function withRetry(log: ChatLog, clientId: string): ChatLog {
  return log.map((entry) => (entry.state === 'failed' && entry.client_id === clientId ? { ...entry, state: 'sending', error: null } : entry));
}

/** Messages still to send (after a reconnect). */
export function unsent(log: ChatLog): ChatEntry[] {
  return log.filter((entry) => entry.state === 'sending');
}
