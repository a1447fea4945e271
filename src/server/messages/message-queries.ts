import type { Kysely } from 'kysely';
import type { MessagePage } from '../../protocol/api/conversation-requests';
import { parseMessageWireId } from '../../protocol/documents';
import type { Database, Db } from '../db/database';
import type { MessageRow } from './message-tables';
import { toMessage } from './message-model';

/** A message or note of the organization by its wire id (`m-…`/`n-…`), removed or not. */
export function findMessageRow(db: Kysely<Database>, orgId: number, wireId: string): Promise<MessageRow | undefined> {
  const parsed = parseMessageWireId(wireId);
  if (!parsed) return Promise.resolve(undefined);
  return db
    .selectFrom('messages')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', parsed.rowId)
    .where('type', '=', parsed.type)
    .executeTakeFirst();
}

/**
 * A page of a conversation's thread, newest page first and oldest first within the page.
 * `before` is a message id: the page ends just before it (by time, then id).
 */
export async function listMessages(
  db: Db,
  orgId: number,
  conversationId: number,
  options: { limit: number; before: MessageRow | null },
): Promise<MessagePage> {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('conversation_id', '=', conversationId)
    .where('is_removed', '=', 0);
  const { before } = options;
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('timestamp_ts', 'id'), '<', eb.tuple(Number(before.timestamp_ts), before.id)));
  }
  const rows = await query
    .orderBy('timestamp_ts', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return { messages: rows.slice(0, options.limit).reverse().map(toMessage), has_more: rows.length > options.limit };
}

/**
 * The shown messages and notes of some of the organization's conversations, thread by thread
 * (conversation, then time, then id): the order of messages_tenant_thread_index, so each
 * conversation is one range of it and nothing is sorted (sync-tables.ts says why that matters).
 */
export function threadMessagesQuery(db: Kysely<Database>, orgId: number, conversationIds: readonly number[]) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('conversation_id', 'in', conversationIds)
    .where('is_removed', '=', 0)
    .orderBy('conversation_id')
    .orderBy('timestamp_ts')
    .orderBy('id');
}
