import type { InboxDatabase } from '../../../../client-db/inbox-database';
import type { Contact } from '../../../../protocol/documents';
import { readThread, type ThreadData } from './read-thread';

/** A thread's read started before its conversation opened; `value` once it answered. */
export type ThreadRead = { conversationId: number; answer: Promise<ThreadData>; value?: ThreadData };

type Prefetched = ThreadRead & { db: InboxDatabase; at: number };

/** How long a read started ahead stays good for the conversation it read. */
const FRESH_MS = 2_000;

let latest: Prefetched | null = null;

/**
 * Starts reading a conversation's thread ahead of its opening: a row pressed opens on the
 * release, 50–150 ms later for a hand on a mouse, and the thread is then often read by the
 * time the conversation first renders. Only the latest is kept.
 */
export function prefetchThread(db: InboxDatabase, conversationId: number, contact: Contact | undefined): void {
  if (latest && latest.db === db && latest.conversationId === conversationId && Date.now() - latest.at < FRESH_MS) return;
  const read: Prefetched = { db, conversationId, at: Date.now(), answer: readThread(db, conversationId, contact) };
  read.answer.then(
    (value) => {
      read.value = value;
    },
    () => undefined,
  );
  latest = read;
}

/** The read started ahead for this conversation, if it is recent; it is handed out once. */
export function takePrefetchedThread(db: InboxDatabase, conversationId: number): ThreadRead | null {
  const read = latest;
  if (!read || read.db !== db || read.conversationId !== conversationId || Date.now() - read.at > FRESH_MS) return null;
  latest = null;
  return read;
}
