import type { DnsCheckKind, EmailChannel } from '../../protocol/api/channels';
import type { ChannelRow } from './channel-tables';
import type { EmailDomainRow } from './domains/domain-tables';
import { storedChecks } from './domains/domain-queries';
import { expectedRecords, type VerificationPolicy } from './domains/domain-verification';

/** A check that started longer ago than this died with its process: the flag no longer shows. */
export const VERIFYING_STALE_MS = 60_000;

/** A channel as its organization sees it, with its domain's proof, keys (the public one only) and last check. */
export function toEmailChannel(
  row: ChannelRow,
  domain: EmailDomainRow,
  policy: VerificationPolicy,
  now: number,
  notices: Partial<Record<DnsCheckKind, string>> = {},
): EmailChannel {
  const checks = storedChecks(domain);
  const records =
    checks.length > 0 ? checks : expectedRecords(row.domain, policy, { challengeToken: domain.challenge_token, dkimPublicKey: domain.dkim_public_key });
  const verifyingSince = domain.verifying_since === null ? null : Number(domain.verifying_since);
  return {
    id: row.id,
    email: row.email,
    domain: {
      name: row.domain,
      verification: domain.verification,
      is_verifying: verifyingSince !== null && now - verifyingSince < VERIFYING_STALE_MS,
      checked_at: domain.checked_at === null ? null : Number(domain.checked_at),
      records: records.map((record) => {
        const missing = notices[record.kind];
        return missing === undefined ? record : { ...record, missing_config: missing };
      }),
    },
    created_at: Number(row.created_at),
  };
}
