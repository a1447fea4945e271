import { isIP } from 'node:net';
import type { ChannelVerification, DnsRecordCheck } from '../../../protocol/api/channels';
import { isNoRecordsError, type DnsResolver } from './dns-resolver';

/**
 * What a domain must publish before the inbox receives or sends as its addresses:
 *
 * - CHALLENGE: `_inbox-challenge.<domain>` TXT `inbox-verification=<token>`, the token being the
 *   organization's own for this domain: only whoever runs the domain's DNS can publish it, so it
 *   proves the domain is theirs;
 * - MX at the domain: mail to the address reaches a server (EMAIL_MX_HOST when the inbox's own
 *   SMTP server is the destination, any MX otherwise, e.g. a provider that forwards by webhook);
 * - SPF: exactly one `v=spf1` TXT record at the domain that names the sending host
 *   (`include:<host>` or `a:<host>`, host from EMAIL_SPF_INCLUDE or the SMTP_URL host; an IP
 *   address is named with `ip4:`/`ip6:`, the only SPF terms that take one);
 * - DKIM: a `v=DKIM1` TXT record at `<selector>._domainkey.<domain>` carrying the public half of
 *   the organization's own key for the domain, which replies are signed with.
 */
export type VerificationPolicy = {
  mxHost: string | null;
  spfInclude: string | null;
  dkimSelector: string;
};

/** What belongs to one organization's claim on a domain: its challenge token and its DKIM public key (base64 SPKI). */
export type DomainProof = { challengeToken: string; dkimPublicKey: string };

export const CHALLENGE_LABEL = '_inbox-challenge';

/** The text of the challenge record. */
export function challengeText(token: string): string {
  return `inbox-verification=${token}`;
}

const notChecked = { found: [], ok: false, problem: 'Not checked yet.' };

function challengeRecord(domain: string, token: string): DnsRecordCheck {
  return { kind: 'CHALLENGE', type: 'TXT', name: `${CHALLENGE_LABEL}.${domain}`, expected: challengeText(token), ...notChecked };
}

/** The records to publish, none checked yet. */
export function expectedRecords(domain: string, policy: VerificationPolicy, proof: DomainProof): DnsRecordCheck[] {
  return [
    challengeRecord(domain, proof.challengeToken),
    { kind: 'MX', type: 'MX', name: domain, expected: policy.mxHost ? `10 ${policy.mxHost}` : 'any mail server of the domain', ...notChecked },
    { kind: 'SPF', type: 'TXT', name: domain, expected: policy.spfInclude ? `v=spf1 ${spfTerm(policy.spfInclude)} ~all` : 'v=spf1 … ~all', ...notChecked },
    { kind: 'DKIM', type: 'TXT', name: dkimName(domain, policy.dkimSelector), expected: `v=DKIM1; k=rsa; p=${proof.dkimPublicKey}`, ...notChecked },
  ];
}

/** Looks every record up (at once) and says what is missing. Never throws: a failed lookup is a failed check. */
export async function checkDomain(resolver: DnsResolver, domain: string, policy: VerificationPolicy, proof: DomainProof): Promise<DnsRecordCheck[]> {
  const [challenge, mx, spf, dkim] = expectedRecords(domain, policy, proof);
  if (!challenge || !mx || !spf || !dkim) throw new Error('expectedRecords lost a record');
  return Promise.all([
    checkChallenge(resolver, challenge),
    checkMx(resolver, mx, policy),
    checkSpf(resolver, spf, policy),
    checkDkim(resolver, dkim, proof.dkimPublicKey),
  ]);
}

/**
 * Only the challenge record of this token, to learn whether an organization's proof still
 * stands; `answered` is false when the lookup failed (nothing can be concluded then).
 */
export async function checkChallengeOf(resolver: DnsResolver, domain: string, token: string): Promise<{ check: DnsRecordCheck; answered: boolean }> {
  const record = challengeRecord(domain, token);
  const answer = await lookup(() => resolver.resolveTxt(record.name));
  return { check: challengeResult(record, answer), answered: !('problem' in answer) };
}

/**
 * The outcome of a check. A domain that was VERIFIED stays so when every failed check is a
 * lookup that got no answer: nothing was disproven, and a resolver's bad minute must not stop
 * an organization's mail.
 */
export function verificationOf(checks: readonly DnsRecordCheck[], previous: ChannelVerification = 'PENDING'): ChannelVerification {
  const failed = checks.filter((check) => !check.ok);
  if (checks.length > 0 && failed.length === 0) return 'VERIFIED';
  if (previous === 'VERIFIED' && checks.length > 0 && failed.every((check) => check.problem?.startsWith(LOOKUP_FAILED) === true)) return 'VERIFIED';
  return 'FAILED';
}

const LOOKUP_FAILED = 'The DNS lookup failed';

function dkimName(domain: string, selector: string): string {
  return `${selector}._domainkey.${domain}`;
}

type Lookup<T> = { records: T[] } | { problem: string };

async function lookup<T>(run: () => Promise<T[]>): Promise<Lookup<T>> {
  try {
    return { records: await run() };
  } catch (error) {
    if (isNoRecordsError(error)) return { records: [] };
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'error';
    return { problem: `${LOOKUP_FAILED} (${code}); try again later.` };
  }
}

const result = (check: DnsRecordCheck, found: string[], problem: string | null): DnsRecordCheck => ({
  ...check,
  found: found.slice(0, 5).map((text) => text.slice(0, 500)),
  ok: problem === null,
  problem,
});

async function checkChallenge(resolver: DnsResolver, check: DnsRecordCheck): Promise<DnsRecordCheck> {
  return challengeResult(check, await lookup(() => resolver.resolveTxt(check.name)));
}

function challengeResult(check: DnsRecordCheck, answer: Lookup<string[]>): DnsRecordCheck {
  if ('problem' in answer) return result(check, [], answer.problem);
  const texts = answer.records.map((chunks) => chunks.join('').trim());
  if (texts.includes(check.expected)) return result(check, texts, null);
  return result(check, texts, `No TXT record ${check.expected} at ${check.name}.`);
}

async function checkMx(resolver: DnsResolver, check: DnsRecordCheck, policy: VerificationPolicy): Promise<DnsRecordCheck> {
  const answer = await lookup(() => resolver.resolveMx(check.name));
  if ('problem' in answer) return result(check, [], answer.problem);
  const records = [...answer.records].sort((a, b) => a.priority - b.priority);
  const found = records.map((mx) => `${mx.priority} ${mx.exchange}`);
  if (records.length === 0) return result(check, found, 'No MX record: mail to this address cannot be delivered.');
  const wanted = policy.mxHost;
  if (wanted && !records.some((mx) => hostEquals(mx.exchange, wanted))) {
    return result(check, found, `No MX record points at ${wanted}.`);
  }
  return result(check, found, null);
}

async function checkSpf(resolver: DnsResolver, check: DnsRecordCheck, policy: VerificationPolicy): Promise<DnsRecordCheck> {
  const answer = await lookup(() => resolver.resolveTxt(check.name));
  if ('problem' in answer) return result(check, [], answer.problem);
  const spf = answer.records.map((chunks) => chunks.join('')).filter((text) => /^v=spf1(\s|$)/i.test(text.trim()));
  if (spf.length === 0) return result(check, spf, 'No SPF record (a TXT record starting with v=spf1).');
  if (spf.length > 1) return result(check, spf, 'More than one SPF record: receivers ignore them all (RFC 7208). Merge them into one.');
  const wanted = policy.spfInclude;
  const record = spf[0] ?? '';
  if (wanted && !spfNames(record, wanted)) return result(check, spf, `The SPF record does not include ${wanted}.`);
  return result(check, spf, null);
}

/** The SPF term naming the sending host: `ip4:`/`ip6:` for an address, `include:` for a name. */
export function spfTerm(host: string): string {
  const version = isIP(host);
  return version === 0 ? `include:${host}` : `ip${version}:${host}`;
}

/**
 * Whether an SPF record authorises `host` (any qualifier but `-`): a name through `include:` or
 * `a:`, an IP address through `ip4:`/`ip6:` with that exact address.
 */
function spfNames(record: string, host: string): boolean {
  const terms = isIP(host) === 0 ? 'include|a' : 'ip4|ip6';
  return record
    .trim()
    .split(/\s+/)
    .some((term) => {
      const match = new RegExp(`^[+?~]?(${terms}):(.+)$`, 'i').exec(term);
      return match?.[2] !== undefined && hostEquals(match[2].replace(/\/\d+$/, ''), host);
    });
}

async function checkDkim(resolver: DnsResolver, check: DnsRecordCheck, publicKey: string): Promise<DnsRecordCheck> {
  const answer = await lookup(() => resolver.resolveTxt(check.name));
  if ('problem' in answer) return result(check, [], answer.problem);
  const texts = answer.records.map((chunks) => chunks.join(''));
  const keys = texts.map(dkimTags).filter((tags) => (tags.get('v') ?? 'DKIM1') === 'DKIM1' && tags.has('p'));
  if (keys.length === 0) return result(check, texts, `No DKIM key (a TXT record with v=DKIM1 and p=) at ${check.name}.`);
  const published = keys.map((tags) => (tags.get('p') ?? '').replace(/\s+/g, ''));
  if (published.every((key) => key === '')) return result(check, texts, 'The DKIM key is revoked (empty p=).');
  if (!published.includes(publicKey)) return result(check, texts, 'The published DKIM key is not the key this inbox signs with.');
  return result(check, texts, null);
}

function dkimTags(text: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of text.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) tags.set(part.slice(0, index).trim().toLowerCase(), part.slice(index + 1).trim());
  }
  return tags;
}

function hostEquals(a: string, b: string): boolean {
  return a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '');
}
