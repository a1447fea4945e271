import type { ChannelVerification, DnsRecordCheck } from '../../../protocol/api/channels';
import type { AppContext } from '../../app-context';
import type { EmailDomainRow } from './domain-tables';
import { isUniqueViolation } from '../../db/unique-violation';
import { ensureDomain, findOtherHolder, markDomainVerifying, releaseDomain, saveDomainVerification } from './domain-queries';
import { checkChallengeOf, checkDomain, verificationOf } from './domain-verification';

type Outcome = { verification: ChannelVerification; checks: DnsRecordCheck[] };
type VerifyContext = Pick<AppContext, 'db' | 'clock' | 'channels'>;

/**
 * Checks a domain's DNS records (domain-verification.ts) for one organization: every channel
 * on the domain shows `is_verifying` while the lookups run, then all of them get the outcome
 * (§4). A lookup that fails is a failed check, never an error of the call.
 *
 * A domain is VERIFIED for one organization at most. When every record of this organization
 * is published but another organization holds the domain, its proof is looked up again: if its
 * challenge record is gone (the domain changed hands), it loses the domain and this one gets
 * it; if it is still published, this organization's challenge is refused. Reaching that needs
 * this organization's token published in the domain's DNS, so only whoever runs that DNS (who
 * sees both records there) can ever learn that another organization holds it.
 */
export async function verifyDomain(ctx: VerifyContext, orgId: number, domain: string): Promise<void> {
  const row = await ensureDomain({ db: ctx.db, now: ctx.clock(), keySecret: ctx.channels.config.dkimKeySecret }, orgId, domain);
  await markDomainVerifying(ctx.db, row.id, ctx.clock());
  try {
    const checks = await checkDomain(ctx.channels.dns, domain, ctx.channels.policy, { challengeToken: row.challenge_token, dkimPublicKey: row.dkim_public_key });
    const verification = verificationOf(checks, row.verification);
    // Holding the domain already, this organization has nothing to claim.
    const outcome = verification === 'VERIFIED' && row.verification !== 'VERIFIED' ? await claim(ctx, row, checks) : { verification, checks };
    try {
      await saveDomainVerification(ctx.db, row.id, { ...outcome, now: ctx.clock() });
    } catch (error) {
      // Another organization's verification of the same domain won the race.
      if (!isUniqueViolation(error)) throw error;
      await saveDomainVerification(ctx.db, row.id, { ...refuse(checks, 'The domain was verified elsewhere at the same moment; verify again.'), now: ctx.clock() });
    }
  } catch (error) {
    await saveDomainVerification(ctx.db, row.id, { verification: 'FAILED', checks: [], now: ctx.clock() });
    throw error;
  }
}

/** VERIFIED, unless another organization's proof of the domain still stands. */
async function claim(ctx: VerifyContext, row: EmailDomainRow, checks: DnsRecordCheck[]): Promise<Outcome> {
  const holder = await findOtherHolder(ctx.db, row.domain, row.org_id);
  if (!holder) return { verification: 'VERIFIED', checks };
  const { check, answered } = await checkChallengeOf(ctx.channels.dns, row.domain, holder.challenge_token);
  if (!answered) return refuse(checks, check.problem ?? 'The DNS lookup failed; try again later.');
  if (check.ok) {
    return refuse(checks, `Another inbox-verification record at ${check.name} still proves this domain for another inbox: remove it, then verify again.`);
  }
  await releaseDomain(ctx.db, holder, check, ctx.clock());
  return { verification: 'VERIFIED', checks };
}

function refuse(checks: DnsRecordCheck[], problem: string): Outcome {
  return { verification: 'FAILED', checks: checks.map((check) => (check.kind === 'CHALLENGE' ? { ...check, ok: false, problem } : check)) };
}
