import type { Generated, Selectable } from 'kysely';
import { idColumn, type Schema } from '../db/id-column';
import type { DialectName } from '../db/open-database';

/** An organization's chat widget settings (no row: the defaults, widget off). */
export interface ChatSettingsTable {
  org_id: number;
  enabled: number;
  /** `#rrggbb`. */
  color: string;
  greeting: string;
  updated_at: number;
}

/** Someone chatting through the website widget, known by the hash of the token their browser keeps. */
export interface ChatVisitorsTable {
  id: Generated<number>;
  org_id: number;
  token_hash: string;
  /** The contact made at their first message; null before it. */
  contact_id: number | null;
  /** What they said about themselves, kept until the contact exists. */
  name: string | null;
  email: string | null;
  created_at: number;
  last_seen_at: number;
}

export type ChatSettingsRow = Selectable<ChatSettingsTable>;

export type ChatVisitorRow = Selectable<ChatVisitorsTable>;

declare module '../db/database' {
  interface Database {
    chat_settings: ChatSettingsTable;
    chat_visitors: ChatVisitorsTable;
  }
}

/**
 * Migration 0007: the chat channel. `chat_settings` holds one organization's widget settings (no
 * row: the defaults, widget off). `chat_visitors` holds the people who chat through the widget:
 * the hash of the token their browser keeps, and the contact made for them at their first
 * message (or the name and email they gave before it).
 */
export async function createChatTables(schema: Schema, dialect: DialectName): Promise<void> {
  await schema
    .createTable('chat_settings')
    .addColumn('org_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('greeting', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(schema, 'chat_visitors', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('chat_visitors_contact_index').on('chat_visitors').column('contact_id').execute();
}
