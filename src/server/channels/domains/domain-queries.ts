import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DNS_CHECK_KINDS, type ChannelVerification, type DnsRecordCheck } from '../../../protocol/api/channels';
import type { Db } from '../../db/database';
import type { EmailDomainRow } from './domain-tables';
import { readJsonColumn, writeJsonColumn } from '../../db/json-column';
import { generateDkimKeyPair, sealPrivateKey } from './dkim-keys';

/** The organization's row for a domain, if it has one. */
export function findDomain(db: Db, orgId: number, domain: string): Promise<EmailDomainRow | undefined> {
  return db.selectFrom('email_domains').selectAll().where('org_id', '=', orgId).where('domain', '=', domain).executeTakeFirst();
}

export function listDomains(db: Db, orgId: number): Promise<EmailDomainRow[]> {
  return db.selectFrom('email_domains').selectAll().where('org_id', '=', orgId).execute();
}

/**
 * The organization's row for a domain, made on first use with a new challenge token (128 random
 * bits) and a new DKIM key pair of its own, so nothing is ever shared with another organization.
 * Two requests making it at once both end with the one row that was stored first.
 */
export async function ensureDomain(deps: { db: Db; now: number; keySecret: string | null }, orgId: number, domain: string): Promise<EmailDomainRow> {
  const existing = await findDomain(deps.db, orgId, domain);
  if (existing) return existing;
  const keys = await generateDkimKeyPair();
  await deps.db
    .insertInto('email_domains')
    .values({
      org_id: orgId,
      domain,
      challenge_token: randomBytes(16).toString('hex'),
      dkim_public_key: keys.publicKey,
      dkim_private_key: sealPrivateKey(keys.privateKeyPem, deps.keySecret, { orgId, domain }),
      verification: 'PENDING',
      verifying_since: null,
      checked_at: null,
      checks: '[]',
      created_at: deps.now,
    })
    .onConflict((conflict) => conflict.columns(['org_id', 'domain']).doNothing())
    .execute();
  const stored = await findDomain(deps.db, orgId, domain);
  if (!stored) throw new Error(`The domain ${domain} was not stored`);
  return stored;
}

/** The organization that has proven this domain, other than `orgId`, if any. */
export function findOtherHolder(db: Db, domain: string, orgId: number): Promise<EmailDomainRow | undefined> {
  return db
    .selectFrom('email_domains')
    .selectAll()
    .where('domain', '=', domain)
    .where('verification', '=', 'VERIFIED')
    .where('org_id', '!=', orgId)
    .executeTakeFirst();
}

/** Flags the domain (and so every channel of the organization on it, §4) as being verified. */
export async function markDomainVerifying(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('email_domains').set({ verifying_since: now }).where('id', '=', id).execute();
}

/**
 * Records a check's outcome and clears the flag. VERIFIED throws a unique violation when another
 * organization holds the domain already (the partial unique index of domain-tables.ts).
 */
export async function saveDomainVerification(
  db: Db,
  id: number,
  outcome: { verification: ChannelVerification; checks: DnsRecordCheck[]; now: number },
): Promise<void> {
  await db
    .updateTable('email_domains')
    .set({ verification: outcome.verification, checks: writeJsonColumn(outcome.checks), checked_at: outcome.now, verifying_since: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes a domain from an organization whose challenge record is gone: FAILED, with the failed
 * challenge check in place of the passed one, so its Email page says what is missing.
 */
export async function releaseDomain(db: Db, holder: EmailDomainRow, challenge: DnsRecordCheck, now: number): Promise<void> {
  const checks = storedChecks(holder).map((check) => (check.kind === 'CHALLENGE' ? challenge : check));
  await db
    .updateTable('email_domains')
    .set({ verification: 'FAILED', checks: writeJsonColumn(checks), checked_at: now })
    .where('id', '=', holder.id)
    .where('verification', '=', 'VERIFIED')
    .execute();
}

const checksSchema: z.ZodType<DnsRecordCheck[]> = z.array(
  z.object({
    kind: z.enum(DNS_CHECK_KINDS),
    type: z.enum(['MX', 'TXT']),
    name: z.string(),
    expected: z.string(),
    found: z.array(z.string()),
    ok: z.boolean(),
    problem: z.string().nullable(),
  }),
);

/** The checks of the domain's last verification (none before the first). */
export function storedChecks(row: EmailDomainRow): DnsRecordCheck[] {
  return readJsonColumn(row.checks, checksSchema, []);
}
