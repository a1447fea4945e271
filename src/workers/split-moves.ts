import { Dexie } from 'dexie';
import type { InboxDatabase, LocalMessage } from '../client-db/inbox-database';
import type { MutationInput } from '../client-db/outbox-row';
import { parseMessageWireId } from '../protocol/documents';
import { splitResponseDocuments } from './mutation-request';
import { putServerDocs } from './server-documents';

type SplitInput = Extract<MutationInput, { kind: 'split' }>;

/** Thread order, as the server splits: timestamp, then row id. */
function threadKey(message: Pick<LocalMessage, 'id' | 'timestamp_ts'>): [number, number] {
  return [message.timestamp_ts, parseMessageWireId(message.id)?.rowId ?? Number.MAX_SAFE_INTEGER];
}

function atOrAfter(a: [number, number], b: [number, number]): boolean {
  return a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);
}

/**
 * The entries a split will move, of those this device holds: the message and every later one
 * with a server id. Temporary messages are left out: their lane sends them first, so the server
 * moves them and its copies bring them to the new conversation. Runs in the caller's transaction.
 */
export async function splitMovedIds(db: InboxDatabase, input: SplitInput): Promise<string[]> {
  const from = await db.messages.get(input.message_id);
  if (!from || from.conversation_id !== input.conversation_id || from.type !== 'MESSAGE') return [];
  const start = threadKey(from);
  const thread = await db.messages
    .where('[conversation_id+timestamp_ts]')
    .between([input.conversation_id, from.timestamp_ts], [input.conversation_id, Dexie.maxKey], true, true)
    .toArray();
  return thread.filter((entry) => parseMessageWireId(entry.id) !== null && atOrAfter(threadKey(entry), start)).map((entry) => entry.id);
}

/** A split's answer becomes the server's copies: both conversations and the moved messages. */
export async function putSplitResponse(db: InboxDatabase, body: unknown, now: number): Promise<void> {
  const { conversations, messages } = splitResponseDocuments(body);
  await putServerDocs(db, 'conversations', conversations, now);
  await putServerDocs(db, 'messages', messages, now);
}
