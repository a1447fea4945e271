import type { Selectable } from 'kysely';
import type { Schema } from '../db/id-column';

/** A custom data field of an organization (custom-data/). */
export interface CustomFieldsTable {
  org_id: number;
  id: string;
  entity: string;
  key: string;
  label: string;
  type: string;
  options: string;
  required: number;
  min: number | null;
  max: number | null;
  sort: number;
  created_at: number;
  version: number;
}

export type CustomFieldRow = Selectable<CustomFieldsTable>;

declare module '../db/database' {
  interface Database {
    custom_fields: CustomFieldsTable;
  }
}

/**
 * Custom data (§1): the organization's field definitions (keyed by the client's id, like snippets)
 * and the values on contacts and conversations, as a JSON object by field key on each row, so a
 * value travels with its document in the change feed.
 */
export async function createCustomDataTables(schema: Schema): Promise<void> {
  await schema
    .createTable('custom_fields')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min', 'double precision')
    .addColumn('max', 'double precision')
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('custom_fields_primary_key', ['org_id', 'id'])
    .execute();
  await schema.createIndex('custom_fields_org_key_unique').on('custom_fields').columns(['org_id', 'key']).unique().execute();
  await schema.alterTable('contacts').addColumn('custom_data', 'text').execute();
  await schema.alterTable('conversations').addColumn('custom_data', 'text').execute();
}
