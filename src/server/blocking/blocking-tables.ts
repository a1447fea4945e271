import type { Generated, Selectable } from 'kysely';
import { idColumn, type Schema } from '../db/id-column';
import type { DialectName } from '../db/open-database';

/** The organization's blocked list (§1): contacts marked as spam with "block". */
export interface BlockedContactsTable {
  id: Generated<number>;
  org_id: number;
  contact_id: number;
  /** The contact's address when blocked (lowercase), so inbound mail can be matched by sender. */
  email: string | null;
  blocked_by: number | null;
  created_at: number;
}

export type BlockedContactRow = Selectable<BlockedContactsTable>;

declare module '../db/database' {
  interface Database {
    blocked_contacts: BlockedContactsTable;
  }
}

/**
 * The blocked list (§1): one row per blocked contact, with the address it had, and the flag on
 * the contact that its document carries (`is_blocked`), written together by blocked-contacts.ts.
 */
export async function createBlockingTables(schema: Schema, dialect: DialectName): Promise<void> {
  await schema.alterTable('contacts').addColumn('is_blocked', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await idColumn(schema, 'blocked_contacts', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('blocked_by', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('blocked_contacts_org_contact_unique', ['org_id', 'contact_id'])
    .execute();
  await schema.createIndex('blocked_contacts_org_email_index').on('blocked_contacts').columns(['org_id', 'email']).execute();
}
