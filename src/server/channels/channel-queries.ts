import type { ChannelRow } from './channel-tables';
import type { Db } from '../db/database';

/**
 * The channels that receive mail for these addresses (lowercase already): those whose
 * organization has proven the address's domain. An address on a domain nobody has proven
 * receives nothing, whoever added it; one proven domain has one organization at most.
 */
export function findReceivingChannels(db: Db, emails: readonly string[]): Promise<ChannelRow[]> {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('channels')
    .innerJoin('email_domains', (join) => join.onRef('email_domains.org_id', '=', 'channels.org_id').onRef('email_domains.domain', '=', 'channels.domain'))
    .selectAll('channels')
    .where('channels.email', 'in', [...emails])
    .where('email_domains.verification', '=', 'VERIFIED')
    .execute();
}

export function listChannels(db: Db, orgId: number): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().where('org_id', '=', orgId).orderBy('domain').orderBy('email').execute();
}

/** A channel of this organization; another organization's address is as missing as an unknown one. */
export function findChannel(db: Db, orgId: number, email: string): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('org_id', '=', orgId).where('email', '=', email).executeTakeFirst();
}

/** Throws a unique violation when the organization has the address already. */
export function insertChannel(db: Db, values: { orgId: number; email: string; domain: string; now: number }): Promise<ChannelRow> {
  return db
    .insertInto('channels')
    .values({ org_id: values.orgId, email: values.email, domain: values.domain, created_at: values.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteChannel(db: Db, orgId: number, id: number): Promise<void> {
  await db.deleteFrom('channels').where('org_id', '=', orgId).where('id', '=', id).execute();
}
