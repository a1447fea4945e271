import type { DnsCheckKind, DnsRecordCheck, EmailChannel } from '../../../protocol/api/channels';

export type VerificationLabel = { text: 'Verified' | 'Not verified' | 'Checking…'; tone: 'success' | 'warning' | 'neutral'; detail: string };

/** How each record is named on screen. */
export const RECORD_LABELS: Record<DnsCheckKind, string> = { CHALLENGE: 'Challenge', MX: 'MX', SPF: 'SPF', DKIM: 'DKIM' };

/**
 * How an address's domain reads in the list: Checking… while a check runs (here or, by
 * `is_verifying`, for a teammate), else Verified or Not verified with what is missing.
 */
export function verificationLabel(domain: EmailChannel['domain'], checkingHere: boolean): VerificationLabel {
  if (checkingHere || domain.is_verifying) return { text: 'Checking…', tone: 'neutral', detail: `Looking up the DNS records of ${domain.name}.` };
  if (domain.verification === 'VERIFIED') return { text: 'Verified', tone: 'success', detail: `${domain.name} is proven yours and publishes every record needed.` };
  if (domain.checked_at === null) return { text: 'Not verified', tone: 'warning', detail: 'Not checked yet: publish the records below, then verify.' };
  const missing = missingRecords(domain.records);
  return {
    text: 'Not verified',
    tone: 'warning',
    detail: missing.length > 0 ? `Missing or wrong: ${missing.join(', ')}.` : 'The DNS lookup failed; try again later.',
  };
}

/** Why nothing flows through an address until its domain is verified; null once it is. */
export function pausedNotice(domain: EmailChannel['domain']): string | null {
  if (domain.verification === 'VERIFIED') return null;
  return `Not verified: mail to and from this address is paused until ${domain.name} is verified.`;
}

/** The records (Challenge, MX, SPF, DKIM) whose check failed, in the records' order. */
export function missingRecords(records: readonly DnsRecordCheck[]): string[] {
  return records.filter((record) => !record.ok).map((record) => RECORD_LABELS[record.kind]);
}
