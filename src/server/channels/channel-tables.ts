import type { Generated, Selectable } from 'kysely';
import { sql } from 'kysely';
import { idColumn, type Schema } from '../db/id-column';
import type { DialectName } from '../db/open-database';

/**
 * An organization's support address (email channel). Several organizations may have added the
 * same address; mail is routed to, and sent from, the one whose organization proved the domain
 * (email_domains.verification VERIFIED, which one organization per domain at most holds).
 */
export interface ChannelsTable {
  id: Generated<number>;
  org_id: number;
  /** Lowercase; unique within the organization. */
  email: string;
  /** Lowercase domain of the address; its proof and verification are the organization's email_domains row. */
  domain: string;
  created_at: number;
}

/**
 * RFC 5322 Message-IDs (without angle brackets) of the mail of a conversation, ours (OUT, sent
 * by the delivery job) and the customers' (IN), for threading replies by In-Reply-To/References.
 */
export interface EmailMessageIdsTable {
  id: Generated<number>;
  org_id: number;
  message_id: string;
  conversation_id: number;
  /** The messages row, or null once that is gone. */
  message_row_id: number | null;
  direction: 'IN' | 'OUT';
  created_at: number;
}

/** A file of a message; the bytes live under DATA_DIR, named by their SHA-256 (shared by equal files). */
export interface AttachmentsTable {
  id: Generated<number>;
  org_id: number;
  /** The messages row it belongs to. */
  message_row_id: number | null;
  sha256: string;
  name: string;
  content_type: string;
  size: number;
  created_at: number;
}

export type ChannelRow = Selectable<ChannelsTable>;

export type EmailMessageIdRow = Selectable<EmailMessageIdsTable>;

export type AttachmentRow = Selectable<AttachmentsTable>;

declare module '../db/database' {
  interface Database {
    channels: ChannelsTable;
    email_message_ids: EmailMessageIdsTable;
    attachments: AttachmentsTable;
  }
}

/**
 * Migration 0006: email channels (support addresses with their domain's DNS verification), the
 * Message-IDs that thread email, attachments, and the email columns of messages (sanitised HTML,
 * the kind of machine-written mail, and the reason a delivery failed).
 */
export async function createChannelTables(schema: Schema, dialect: DialectName): Promise<void> {
  await idColumn(schema, 'channels', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('verification', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('verifying_since', 'bigint')
    .addColumn('checked_at', 'bigint')
    .addColumn('checks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('channels_org_domain_index').on('channels').columns(['org_id', 'domain']).execute();

  await idColumn(schema, 'email_message_ids', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('message_row_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('email_message_ids_org_message_unique', ['org_id', 'message_id'])
    .execute();
  await schema.createIndex('email_message_ids_conversation_index').on('email_message_ids').columns(['conversation_id', 'id']).execute();
  await schema.createIndex('email_message_ids_row_index').on('email_message_ids').column('message_row_id').execute();

  await idColumn(schema, 'attachments', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('message_row_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('attachments_message_index').on('attachments').column('message_row_id').execute();

  for (const column of ['html', 'auto_kind', 'delivery_error']) {
    await schema.alterTable('messages').addColumn(column, 'text').execute();
  }
  // Inbound mail finds its contact by address, ignoring case.
  await schema
    .createIndex('contacts_org_email_index')
    .on('contacts')
    .columns(['org_id'])
    .expression(sql`lower(email)`)
    .execute();
}
