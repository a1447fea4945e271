import { z } from 'zod';
import { DNS_CHECK_KINDS, type DnsRecordCheck, type EmailChannel } from '../../protocol/api/channels';
import type { ChannelRow } from '../db/database';
import { readJsonColumn } from '../db/json-column';
import { expectedRecords, type VerificationPolicy } from './domain-verification';

/** A check that started longer ago than this died with its process: the flag no longer shows. */
export const VERIFYING_STALE_MS = 60_000;

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

export function toEmailChannel(row: ChannelRow, policy: VerificationPolicy, now: number): EmailChannel {
  const checks = readJsonColumn(row.checks, checksSchema, []);
  const verifyingSince = row.verifying_since === null ? null : Number(row.verifying_since);
  return {
    id: row.id,
    email: row.email,
    domain: {
      name: row.domain,
      verification: row.verification,
      is_verifying: verifyingSince !== null && now - verifyingSince < VERIFYING_STALE_MS,
      checked_at: row.checked_at === null ? null : Number(row.checked_at),
      records: checks.length > 0 ? checks : expectedRecords(row.domain, policy),
    },
    created_at: Number(row.created_at),
  };
}
