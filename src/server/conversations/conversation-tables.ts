import type { Schema } from '../db/id-column';
import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { Channel, ConversationStatus } from '../../protocol/documents';

export interface ConversationsTable {
  id: Generated<number>;
  org_id: number;
  agent_id: number | null;
  contact_id: number;
  channel: Channel;
  channel_id: number | null;
  subject: string;
  status: ConversationStatus;
  /** JSON array of tag slugs. */
  tags: string;
  /** JSON array of recipients. */
  recipients: string;
  last_update: string;
  last_update_ts: number;
  is_unread: number;
  priority: number;
  /** 0013: epoch ms while snoozed, else null. */
  snoozed_until: number | null;
  /** 0016: the conversation this one was merged into (it is then gone from every listing), else null. */
  merged_into: number | null;
  created_at: number;
  /** 0032: epoch ms of the first time an agent read it (marked it read), else null; never changes after. */
  first_read_at: Generated<number | null>;
  /** 0030: epoch ms of its last close, else null (kept when it is reopened). */
  closed_at: Generated<number | null>;
  /** 0030: how many times it was reopened after a close. */
  reopen_count: Generated<number>;
  version: number;
  /** JSON object of custom data values by field key (custom-data/), or null. */
  custom_data: Generated<string | null>;
}

export type ConversationRow = Selectable<ConversationsTable>;

declare module '../db/database' {
  interface Database {
    conversations: ConversationsTable;
  }
}

/** Migration 0012: a conversation's snooze (its wake-up is a `wake_conversation` job) and a tag's chosen colour (issue 12). */
export async function addSnoozeAndTagColour(schema: Schema): Promise<void> {
  await schema.alterTable('conversations').addColumn('snoozed_until', 'bigint').execute();
  await schema.alterTable('tags').addColumn('color', 'text').execute();
}

/**
 * Migration 0032: when an agent first read a conversation (reading_time, §3 Statistics), and the
 * index by creation that reading_time's 30 days and `created:` read instead of the whole table.
 */
export async function addFirstReadAt(schema: Schema): Promise<void> {
  await schema.alterTable('conversations').addColumn('first_read_at', 'bigint').execute();
  await schema.createIndex('conversations_created_index').on('conversations').columns(['org_id', 'created_at']).execute();
}

/**
 * Migration 0030: what the inbox report reads of a conversation's life (when it was last closed,
 * how often reopened), kept by updateConversation; a conversation closed before it counts as
 * closed at its last activity. The report's range scans read by organization and time.
 */
export async function addCloseFacts(db: Kysely<unknown>): Promise<void> {
  const schema = db.schema;
  await schema.alterTable('conversations').addColumn('closed_at', 'bigint').execute();
  await schema.alterTable('conversations').addColumn('reopen_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update conversations set closed_at = last_update_ts where status = 'CLOSED'`.execute(db);
  await schema.createIndex('conversations_report_closed_index').on('conversations').columns(['org_id', 'closed_at']).execute();
  await schema.createIndex('messages_report_time_index').on('messages').columns(['org_id', 'timestamp_ts']).execute();
}

/** Migration 0017: the conversation a merged one went into. */
export async function addConversationMerges(schema: Schema): Promise<void> {
  await schema.alterTable('conversations').addColumn('merged_into', 'integer').execute();
}
