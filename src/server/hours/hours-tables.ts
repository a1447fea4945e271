import type { Selectable } from 'kysely';
import type { Schema } from '../db/id-column';

/**
 * The business hours document's own state (the hours themselves are the organization's `hours`
 * column, §3): its feed version and who saved it last. No row: never saved (version 0).
 */
export interface BusinessHoursTable {
  org_id: number;
  version: number;
  updated_by: number | null;
  updated_at: number;
}

/**
 * One auto-reply sent outside business hours: at most one per conversation per closed period,
 * the period keyed by when it began (schedule.ts closedPeriodStart).
 */
export interface AutoRepliesTable {
  org_id: number;
  conversation_id: number;
  period_start: number;
  channel: string;
  message_id: string;
  created_at: number;
}

export type BusinessHoursRow = Selectable<BusinessHoursTable>;

declare module '../db/database' {
  interface Database {
    business_hours: BusinessHoursTable;
    auto_replies: AutoRepliesTable;
  }
}

export async function createHoursTables(schema: Schema): Promise<void> {
  await schema
    .createTable('business_hours')
    .addColumn('org_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema
    .createTable('auto_replies')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('auto_replies_primary_key', ['org_id', 'conversation_id', 'period_start'])
    .execute();
}
