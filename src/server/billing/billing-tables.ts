import type { Selectable } from 'kysely';
import type { Schema } from '../db/id-column';

/** A payment email an agent confirmed for a contact (§4): who and when. */
export interface ContactPaymentLinksTable {
  org_id: number;
  contact_id: number;
  source: string;
  email: string;
  confirmed_by: number | null;
  confirmed_at: number;
}

export type ContactPaymentLinkRow = Selectable<ContactPaymentLinksTable>;

declare module '../db/database' {
  interface Database {
    contact_payment_links: ContactPaymentLinksTable;
  }
}

/**
 * Billing from Stripe (§3 Contact financials, §7 integrations): the connected integrations with
 * their sealed secrets, the payment emails agents confirmed per contact, and on each contact
 * the cached billing view, so it travels in the change feed and shows offline.
 */
export async function createContactBillingTables(schema: Schema): Promise<void> {
  await schema
    .createTable('integrations')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('webhook_secret', 'text')
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('connected_by', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('connected_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('integrations_primary_key', ['org_id', 'name'])
    .execute();

  await schema
    .createTable('contact_payment_links')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('confirmed_by', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('confirmed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_payment_links_primary_key', ['org_id', 'contact_id', 'source', 'email'])
    .execute();
  await schema.createIndex('contact_payment_links_email').on('contact_payment_links').columns(['org_id', 'source', 'email']).execute();

  await schema.alterTable('contacts').addColumn('financials', 'text').execute();
  await schema.alterTable('contacts').addColumn('subscription_status', 'text').execute();
  await schema.alterTable('contacts').addColumn('subscription_start', 'bigint').execute();
}
