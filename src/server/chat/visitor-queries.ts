import type { Message } from '../../protocol/documents';
import type { WidgetMessage } from '../../protocol/widget';
import { WIDGET_LIMITS } from '../../protocol/widget';
import type { ChatVisitorRow } from './chat-tables';
import type { ConversationRow } from '../conversations/conversation-tables';
import type { Db } from '../db/database';
import { toMessage } from '../messages/message-model';

/** The organization's visitor holding this token (by its hash). */
export function findVisitor(db: Db, orgId: number, tokenHash: string): Promise<ChatVisitorRow | undefined> {
  return db.selectFrom('chat_visitors').selectAll().where('org_id', '=', orgId).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The query of visitorConversation (one seek of conversations_contact_index). */
export function visitorConversationQuery(db: Db, orgId: number, contactId: number) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('contact_id', '=', contactId)
    .where('channel', '=', 'CHAT')
    .orderBy('id', 'desc')
    .limit(1);
}

/** The contact's latest chat conversation: the one the widget shows and continues. */
export function visitorConversation(db: Db, orgId: number, contactId: number): Promise<ConversationRow | undefined> {
  return visitorConversationQuery(db, orgId, contactId).executeTakeFirst();
}

/** A visitor sees messages that were sent or received, never notes, held or undone replies. */
export function isVisibleToVisitor(message: Pick<Message, 'type' | 'status'>): boolean {
  return message.type === 'MESSAGE' && (message.status === 'SENT' || message.status === 'RECEIVED');
}

/** The latest messages of a conversation the visitor may see, oldest first. */
export async function visitorHistory(db: Db, orgId: number, conversationId: number): Promise<WidgetMessage[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('conversation_id', '=', conversationId)
    .where('type', '=', 'MESSAGE')
    .where('status', 'in', ['SENT', 'RECEIVED'])
    .where('is_removed', '=', 0)
    // Thread order, newest first: one range of messages_tenant_thread_index (by id, SQLite walked the organization's messages).
    .orderBy('timestamp_ts', 'desc')
    .orderBy('id', 'desc')
    .limit(WIDGET_LIMITS.historyMessages)
    .execute();
  const messages = rows.reverse().map(toMessage);
  const names = await agentNames(db, orgId, messages.map((message) => message.agent_id));
  return messages.map((message) => toWidgetMessage(message, names));
}

/** Names of the agents who wrote messages, by id. */
export async function agentNames(db: Db, orgId: number, ids: readonly (number | null)[]): Promise<ReadonlyMap<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('agents').select(['id', 'name']).where('org_id', '=', orgId).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A message as the visitor sees it: the text, who wrote it (an agent by name only) and when.
 * Nothing else of the document leaves: no agent ids, no emails, no delivery details.
 */
export function toWidgetMessage(message: Message, names: ReadonlyMap<number, string>): WidgetMessage {
  const fromVisitor = message.agent_id === null && message.contact_id !== null;
  return {
    id: message.id,
    from: fromVisitor ? 'visitor' : 'agent',
    text: message.message,
    at: message.timestamp_ts,
    author: fromVisitor ? null : message.agent_id === null ? null : (names.get(message.agent_id) ?? null),
    client_id: fromVisitor ? message.target_id : null,
  };
}
