import { sql, type Kysely } from 'kysely';

/**
 * The feed position clients see (READY and feed `cursor`, every document's `version`) becomes
 * the organization's own counter (issue 34): `changes.seq` was one counter for every
 * organization, so an agent saw the gaps other tenants' writes left and could tell their
 * activity. `changes.seq` stays as the internal key; `org_seq` is the position, unique per
 * organization, and `organizations.feed_seq` the last one taken. Old rows keep their seq as
 * position and each organization continues from its largest, so the cursors and versions that
 * installed clients hold stay valid and keep increasing: nothing re-syncs or goes backwards.
 */
export async function countFeedPerOrganization(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('feed_seq', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('changes').addColumn('org_seq', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update changes set org_seq = seq`.execute(db);
  await sql`update organizations set feed_seq = coalesce((select max(org_seq) from changes where changes.org_id = organizations.id), 0)`.execute(db);
  await db.schema.dropIndex('changes_org_seq_index').execute();
  await db.schema.createIndex('changes_org_position_unique').on('changes').columns(['org_id', 'org_seq']).unique().execute();
}
