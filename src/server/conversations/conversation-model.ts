import { readCustomData } from '../custom-data/custom-field-model';
import { z } from 'zod';
import type { Conversation, Recipient } from '../../protocol/documents';
import type { ConversationRow } from './conversation-tables';
import { readJsonColumn } from '../db/json-column';
import { fromSqlBoolean } from '../db/sql-boolean';

const tagsSchema = z.array(z.string());
const recipientsSchema: z.ZodType<Recipient[]> = z.array(z.object({ id: z.number(), from: z.string(), contact_id: z.number() }));

/** `last_update` shows the start of the latest message or note in the list. */
export const LAST_UPDATE_MAX_LENGTH = 140;

export function lastUpdateText(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length <= LAST_UPDATE_MAX_LENGTH ? flat : `${flat.slice(0, LAST_UPDATE_MAX_LENGTH - 1)}…`;
}

export function conversationTags(row: Pick<ConversationRow, 'tags'>): string[] {
  return readJsonColumn(row.tags, tagsSchema, []);
}

export function conversationRecipients(row: Pick<ConversationRow, 'recipients'>): Recipient[] {
  return readJsonColumn(row.recipients, recipientsSchema, []);
}

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    agent_id: row.agent_id,
    contact_id: row.contact_id,
    channel: row.channel,
    channel_id: row.channel_id,
    subject: row.subject,
    status: row.status,
    tags: conversationTags(row),
    recipients: conversationRecipients(row),
    last_update: row.last_update,
    last_update_ts: Number(row.last_update_ts),
    is_unread: fromSqlBoolean(row.is_unread),
    priority: row.priority,
    snoozed_until: row.snoozed_until === null ? null : Number(row.snoozed_until),
    created_at: Number(row.created_at),
    version: Number(row.version),
    custom_data: readCustomData(row.custom_data),
  };
}
