import type { ChannelVerification, DnsRecordCheck } from '../../protocol/api/channels';
import type { ChannelRow, Db } from '../db/database';
import { writeJsonColumn } from '../db/json-column';

/** The channels (of any organization) with these addresses, which are lowercase already. */
export function findChannelsByEmail(db: Db, emails: readonly string[]): Promise<ChannelRow[]> {
  if (emails.length === 0) return Promise.resolve([]);
  return db.selectFrom('channels').selectAll().where('email', 'in', [...emails]).execute();
}

export function listChannels(db: Db, orgId: number): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().where('org_id', '=', orgId).orderBy('domain').orderBy('email').execute();
}

/** A channel of this organization; another organization's address is as missing as an unknown one. */
export function findChannel(db: Db, orgId: number, email: string): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('org_id', '=', orgId).where('email', '=', email).executeTakeFirst();
}

/** A new channel takes the verification its domain already has in the organization. */
export async function insertChannel(db: Db, values: { orgId: number; email: string; domain: string; now: number }): Promise<ChannelRow> {
  const sibling = await db
    .selectFrom('channels')
    .select(['verification', 'checked_at', 'checks'])
    .where('org_id', '=', values.orgId)
    .where('domain', '=', values.domain)
    .orderBy('id')
    .executeTakeFirst();
  return db
    .insertInto('channels')
    .values({
      org_id: values.orgId,
      email: values.email,
      domain: values.domain,
      verification: sibling?.verification ?? 'PENDING',
      verifying_since: null,
      checked_at: sibling?.checked_at ?? null,
      checks: sibling?.checks ?? '[]',
      created_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteChannel(db: Db, orgId: number, id: number): Promise<void> {
  await db.deleteFrom('channels').where('org_id', '=', orgId).where('id', '=', id).execute();
}

/** Flags every channel of the domain as being verified (§4: all channels sharing the domain). */
export async function markDomainVerifying(db: Db, orgId: number, domain: string, now: number): Promise<void> {
  await db.updateTable('channels').set({ verifying_since: now }).where('org_id', '=', orgId).where('domain', '=', domain).execute();
}

/** Records a check's outcome on every channel of the domain and clears the flag. */
export async function saveDomainVerification(
  db: Db,
  orgId: number,
  domain: string,
  outcome: { verification: ChannelVerification; checks: DnsRecordCheck[]; now: number },
): Promise<void> {
  await db
    .updateTable('channels')
    .set({ verification: outcome.verification, checks: writeJsonColumn(outcome.checks), checked_at: outcome.now, verifying_since: null })
    .where('org_id', '=', orgId)
    .where('domain', '=', domain)
    .execute();
}
