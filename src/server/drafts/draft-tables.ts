import type { Selectable } from 'kysely';
import type { DraftType } from '../../protocol/drafts';
import type { Schema } from '../db/id-column';

/** A draft (§3); `id` is the client's (`d-<agent id>-…`), unique within the organization. */
export interface DraftsTable {
  org_id: number;
  id: string;
  agent_id: number;
  conversation_id: number;
  type: DraftType;
  message: string;
  /** JSON lists of addresses, null when none (migration 0023). */
  cc: string | null;
  bcc: string | null;
  updated_at: number;
  created_at: number;
  version: number;
}

/** A teammate a draft is shared with. */
export interface DraftSharesTable {
  org_id: number;
  draft_id: string;
  agent_id: number;
  created_at: number;
}

export type DraftRow = Selectable<DraftsTable>;

declare module '../db/database' {
  interface Database {
    drafts: DraftsTable;
    draft_shares: DraftSharesTable;
  }
}

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

/** Migration 0023: a reply draft keeps its CC and BCC (JSON lists, null when none), like the reply it becomes. */
export async function addDraftCopies(schema: Schema): Promise<void> {
  await schema.alterTable('drafts').addColumn('cc', 'text').execute();
  await schema.alterTable('drafts').addColumn('bcc', 'text').execute();
}
