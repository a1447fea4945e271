import type { DnsRecordCheck, EmailChannel } from '../../../protocol/api/channels';

export type VerificationLabel = { text: 'Verified' | 'Not verified' | 'Checking…'; tone: 'success' | 'warning' | 'neutral'; detail: string };

/**
 * How an address's domain reads in the list: Checking… while a check runs (here or, by
 * `is_verifying`, for a teammate), else Verified or Not verified with what is missing.
 */
export function verificationLabel(domain: EmailChannel['domain'], checkingHere: boolean): VerificationLabel {
  if (checkingHere || domain.is_verifying) return { text: 'Checking…', tone: 'neutral', detail: `Looking up the DNS records of ${domain.name}.` };
  if (domain.verification === 'VERIFIED') return { text: 'Verified', tone: 'success', detail: `${domain.name} publishes every record needed to send as this address.` };
  if (domain.checked_at === null) return { text: 'Not verified', tone: 'warning', detail: 'Not checked yet: publish the records below, then verify.' };
  const missing = missingRecords(domain.records);
  return {
    text: 'Not verified',
    tone: 'warning',
    detail: missing.length > 0 ? `Missing or wrong: ${missing.join(', ')}.` : 'The DNS lookup failed; try again later.',
  };
}

/** The kinds (MX, SPF, DKIM) whose check failed, in the records' order. */
export function missingRecords(records: readonly DnsRecordCheck[]): string[] {
  return records.filter((record) => !record.ok).map((record) => record.kind);
}
