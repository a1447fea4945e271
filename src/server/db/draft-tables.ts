import type { Schema } from './id-column';

/**
 * Drafts (§3): one row per draft, keyed by the organization and the client's id, and one row
 * per teammate a draft is shared with (so "drafts shared with me" is an indexed lookup on both
 * databases, without JSON operators).
 */
export async function createDraftTables(schema: Schema): Promise<void> {
  await schema
    .createTable('drafts')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('drafts_primary_key', ['org_id', 'id'])
    .execute();
  await schema.createIndex('drafts_agent_index').on('drafts').columns(['org_id', 'agent_id', 'id']).execute();

  await schema
    .createTable('draft_shares')
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('draft_id', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('draft_shares_primary_key', ['org_id', 'draft_id', 'agent_id'])
    .addForeignKeyConstraint('draft_shares_draft_foreign_key', ['org_id', 'draft_id'], 'drafts', ['org_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
  await schema.createIndex('draft_shares_agent_index').on('draft_shares').columns(['org_id', 'agent_id', 'draft_id']).execute();
}
