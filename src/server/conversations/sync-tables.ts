import { sql } from 'kysely';
import { idColumn, type Schema } from '../db/id-column';
import type { DialectName } from '../db/open-database';

/**
 * The first domain of the sync engine: contacts, tags, conversations, messages and notes, the
 * change feed, stored mutation answers and durable jobs.
 */
export async function createSyncTables(schema: Schema, dialect: DialectName): Promise<void> {
  await idColumn(schema, 'contacts', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('avatar', 'text')
    .addColumn('is_trusted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('company', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('contacts_org_index').on('contacts').columns(['org_id', 'id']).execute();

  await schema
    .createTable('tags')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tags_primary_key', ['org_id', 'slug'])
    .execute();

  await idColumn(schema, 'conversations', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('agent_id', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'integer')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('recipients', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('last_update', 'text', (c) => c.notNull())
    .addColumn('last_update_ts', 'bigint', (c) => c.notNull())
    .addColumn('is_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('conversations_newest_index').on('conversations').columns(['org_id', 'last_update_ts', 'id']).execute();
  await schema
    .createIndex('conversations_priority_index')
    .on('conversations')
    .columns(['org_id', 'priority', 'last_update_ts', 'id'])
    .execute();

  await idColumn(schema, 'messages', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('timestamp_ts', 'bigint', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('delay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deliver_at', 'bigint')
    .addColumn('agent_id', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('contact_id', 'integer', (c) => c.references('contacts.id'))
    .addColumn('target_id', 'text')
    .addColumn('is_removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('messages_thread_index').on('messages').columns(['conversation_id', 'timestamp_ts', 'id']).execute();
  await schema.createIndex('messages_org_index').on('messages').columns(['org_id', 'id']).execute();

  await schema
    .createTable('changes')
    .addColumn('seq', dialect === 'postgres' ? 'bigint' : 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    )
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('col', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('mutation_id', 'text')
    .addColumn('audience', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('changes_org_seq_index').on('changes').columns(['org_id', 'seq']).execute();

  await idColumn(schema, 'mutations', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('mutation_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('mutations_session_mutation_unique', ['org_id', 'session_id', 'mutation_id'])
    .execute();

  await idColumn(schema, 'jobs', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('jobs_due_index')
    .on('jobs')
    .column('run_at')
    .where(sql.ref('done_at'), 'is', null)
    .where(sql.ref('cancelled_at'), 'is', null)
    .execute();
  await schema.createIndex('jobs_ref_index').on('jobs').columns(['kind', 'ref']).execute();
}

/**
 * Every read of a thread names its organization too (`org_id = ? AND conversation_id = ?`, or
 * `IN (…)` for a bootstrap page). With only `messages_thread_index` (conversation_id first) and
 * `messages_org_index` (org_id, id), SQLite without statistics sees one equality on each and takes
 * the org index for an `ORDER BY id`: it then walks every message of the organization to find one
 * conversation's, so a bootstrap grew with pages × messages. This index leads with both columns
 * the reads name, so it wins on either dialect. `messages_thread_index` stays: deleting a
 * conversation cascades to its messages by conversation_id alone.
 */
export async function createTenantReadIndexes(schema: Schema): Promise<void> {
  await schema.createIndex('messages_tenant_thread_index').on('messages').columns(['org_id', 'conversation_id', 'timestamp_ts', 'id']).execute();
  // A contact's conversations (its profile's latest ones; the chat widget finds its visitor's on every call): without it, a walk down every conversation of the organization.
  await schema.createIndex('conversations_contact_index').on('conversations').columns(['org_id', 'contact_id', 'last_update_ts', 'id']).execute();
}
