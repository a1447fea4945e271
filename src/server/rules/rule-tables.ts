import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/id-column';

export interface RulesTable {
  org_id: number;
  id: string;
  name: string;
  enabled: number;
  position: number;
  trigger: string;
  match: string;
  /** JSON: RuleCondition[]. */
  conditions: string;
  /** JSON: RuleAction[]. */
  actions: string;
  stop: number;
  /** JSON: RuleWait, or null for an event's rule. */
  wait: string | null;
  /** Round robin: the teammate who had the last turn (not part of the document). */
  last_turn: number | null;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
  version: number;
}

export type RuleRow = Selectable<RulesTable>;

declare module '../db/database' {
  interface Database {
    rules: RulesTable;
  }
}

/** Migration 0029: the organization's rules, keyed by the client's id, ordered by `position`. */
export async function createRuleTables(db: Kysely<unknown>, schema: Schema): Promise<void> {
  await schema
    .createTable('rules')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('match', 'text', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('actions', 'text', (c) => c.notNull())
    .addColumn('stop', 'integer', (c) => c.notNull())
    .addColumn('wait', 'text')
    .addColumn('last_turn', 'integer')
    .addColumn('updated_by', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rules_primary_key', ['org_id', 'id'])
    .execute();
  // Each change of a conversation reads the enabled rules of one trigger, in order.
  await db.schema.createIndex('rules_org_trigger').on('rules').columns(['org_id', 'trigger', 'position']).execute();
}
