import type { Generated, Selectable } from 'kysely';
import type { ChannelVerification } from '../../../protocol/api/channels';
import { sql, type Kysely } from 'kysely';
import { idColumn } from '../../db/id-column';
import type { DialectName } from '../../db/open-database';

/**
 * A domain an organization sends and receives for: its own challenge token and DKIM key pair,
 * and the outcome of the last DNS check, shared by its channels on the domain. Unique per
 * organization and domain; VERIFIED for at most one organization per domain (a partial unique
 * index), which is what "the domain belongs to the organization that proved it" means.
 */
export interface EmailDomainsTable {
  id: Generated<number>;
  org_id: number;
  domain: string;
  /** The value of `_inbox-challenge.<domain>` TXT `inbox-verification=<token>`; random, per organization and domain. */
  challenge_token: string;
  /** Base64 SubjectPublicKeyInfo, the p= of the DKIM record. */
  dkim_public_key: string;
  /** PKCS#8 PEM, sealed with EMAIL_DKIM_KEY_SECRET when set (dkim-keys.ts). Never leaves the server. */
  dkim_private_key: string;
  verification: ChannelVerification;
  /** When the running DNS check started; null when none runs (a stale one counts as none). */
  verifying_since: number | null;
  checked_at: number | null;
  /** JSON array of DnsRecordCheck from the last check. */
  checks: string;
  created_at: number;
}

export type EmailDomainRow = Selectable<EmailDomainsTable>;

declare module '../../db/database' {
  interface Database {
    email_domains: EmailDomainsTable;
  }
}

/**
 * Migration 0008: domains belong to the organization that proved them.
 *
 * - `email_domains`: per organization and domain, its challenge token, its own DKIM key pair and
 *   the verification that 0006 kept on each channel row. VERIFIED is unique per domain (a
 *   partial unique index), so two organizations can never both hold one.
 * - `channels` loses its verification columns and its global uniqueness on `email`: an address
 *   is unique within an organization, and another organization may add it too (it then never
 *   verifies for them), so adding one reveals nothing about other organizations.
 *
 * No domain rows are made for existing channels: they are unproven until their organization
 * publishes its challenge and verifies again (the rows, with a token and keys, are made when the
 * Email page lists them, channel-routes.ts).
 */
export async function createDomainTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const schema = db.schema;
  await idColumn(schema, 'email_domains', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('challenge_token', 'text', (c) => c.notNull())
    .addColumn('dkim_public_key', 'text', (c) => c.notNull())
    .addColumn('dkim_private_key', 'text', (c) => c.notNull())
    .addColumn('verification', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('verifying_since', 'bigint')
    .addColumn('checked_at', 'bigint')
    .addColumn('checks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('email_domains_org_domain_unique', ['org_id', 'domain'])
    .execute();
  await schema
    .createIndex('email_domains_verified_domain_unique')
    .unique()
    .on('email_domains')
    .column('domain')
    .where(sql.ref('verification'), '=', sql.lit('VERIFIED'))
    .execute();

  if (dialect === 'postgres') await reshapePostgresChannels(db);
  else await rebuildSqliteChannels(db, dialect);
  await schema.createIndex('channels_email_index').on('channels').column('email').execute();
}

async function reshapePostgresChannels(db: Kysely<unknown>): Promise<void> {
  await sql`alter table channels drop constraint channels_email_key`.execute(db);
  await sql`alter table channels drop column verification, drop column verifying_since, drop column checked_at, drop column checks`.execute(db);
  await sql`alter table channels add constraint channels_org_email_unique unique (org_id, email)`.execute(db);
}

/** SQLite cannot drop a column's UNIQUE: the table is copied into its new shape, ids and id sequence kept. */
async function rebuildSqliteChannels(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await idColumn(db.schema, 'channels_new', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('channels_org_email_unique', ['org_id', 'email'])
    .execute();
  await sql`insert into channels_new (id, org_id, email, domain, created_at) select id, org_id, email, domain, created_at from channels`.execute(db);
  // conversations.channel_id names channels without a foreign key: a removed channel's id must never be handed out again.
  await sql`delete from sqlite_sequence where name = 'channels_new'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select 'channels_new', seq from sqlite_sequence where name = 'channels'`.execute(db);
  await db.schema.dropTable('channels').execute();
  await sql`alter table channels_new rename to channels`.execute(db);
  await db.schema.createIndex('channels_org_domain_index').on('channels').columns(['org_id', 'domain']).execute();
}
