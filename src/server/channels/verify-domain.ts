import type { AppContext } from '../app-context';
import { markDomainVerifying, saveDomainVerification } from './channel-queries';
import { checkDomain, verificationOf } from './domain-verification';

/**
 * Checks a domain's DNS records (domain-verification.ts) for one organization: every channel
 * on the domain shows `is_verifying` while the lookups run, then all of them get the outcome
 * (§4). A lookup that fails is a failed check, never an error of the call.
 */
export async function verifyDomain(ctx: Pick<AppContext, 'db' | 'clock' | 'channels'>, orgId: number, domain: string): Promise<void> {
  await markDomainVerifying(ctx.db, orgId, domain, ctx.clock());
  try {
    const checks = await checkDomain(ctx.channels.dns, domain, ctx.channels.policy);
    await saveDomainVerification(ctx.db, orgId, domain, { verification: verificationOf(checks), checks, now: ctx.clock() });
  } catch (error) {
    await saveDomainVerification(ctx.db, orgId, domain, { verification: 'FAILED', checks: [], now: ctx.clock() });
    throw error;
  }
}
