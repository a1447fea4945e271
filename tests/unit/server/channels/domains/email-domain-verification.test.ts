import { describe, expect, it } from 'vitest';
import type { DnsResolver } from '../../../../../src/server/channels/domains/dns-resolver';
import { checkChallengeOf, checkDomain, expectedRecords, verificationOf, type DomainProof, type VerificationPolicy } from '../../../../../src/server/channels/domains/domain-verification';

type Records = { mx?: { priority: number; exchange: string }[]; txt?: string[][] };

/** A resolver answering from a table, as node:dns does: ENOTFOUND for a name it does not know. */
function resolverFor(zones: Record<string, Records>, failing: string[] = []): DnsResolver {
  const answer = <T>(name: string, pick: (records: Records) => T[] | undefined): Promise<T[]> => {
    if (failing.includes(name)) return Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }));
    const records = zones[name];
    if (!records) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    const found = pick(records);
    return found && found.length > 0 ? Promise.resolve(found) : Promise.reject(Object.assign(new Error('no data'), { code: 'ENODATA' }));
  };
  return { resolveMx: (name) => answer(name, (r) => r.mx), resolveTxt: (name) => answer(name, (r) => r.txt) };
}

const policy: VerificationPolicy = { mxHost: null, spfInclude: 'spf.sender.example', dkimSelector: 'inbox' };
const proof: DomainProof = { challengeToken: 'c0ffee', dkimPublicKey: 'MIIBkey' };
const good: Record<string, Records> = {
  '_inbox-challenge.acme.example': { txt: [['inbox-verification=other'], ['inbox-verification=', 'c0ffee']] },
  'acme.example': { mx: [{ priority: 20, exchange: 'b.mx.example' }, { priority: 10, exchange: 'a.mx.example' }], txt: [['v=spf1 ip4:192.0.2.1 ', 'include:spf.sender.example -all']] },
  'inbox._domainkey.acme.example': { txt: [['v=DKIM1; k=rsa; p=MIIBkey']] },
};

const problems = async (zones: Record<string, Records>, options: Partial<VerificationPolicy> = {}, failing: string[] = [], ownProof = proof) =>
  (await checkDomain(resolverFor(zones, failing), 'acme.example', { ...policy, ...options }, ownProof)).map((check) => check.problem);

describe('domain verification', () => {
  it("a domain with the organization's challenge, MX, SPF naming the sender and the organization's DKIM key is verified", async () => {
    const checks = await checkDomain(resolverFor(good), 'acme.example', policy, proof);
    expect(checks.map((check) => [check.kind, check.ok, check.found])).toEqual([
      ['CHALLENGE', true, ['inbox-verification=other', 'inbox-verification=c0ffee']],
      ['MX', true, ['10 a.mx.example', '20 b.mx.example']],
      ['SPF', true, ['v=spf1 ip4:192.0.2.1 include:spf.sender.example -all']],
      ['DKIM', true, ['v=DKIM1; k=rsa; p=MIIBkey']],
    ]);
    expect(verificationOf(checks)).toBe('VERIFIED');
  });

  it('says what is missing or wrong, record by record', async () => {
    expect(await problems({})).toEqual([
      'No TXT record inbox-verification=c0ffee at _inbox-challenge.acme.example.',
      'No MX record: mail to this address cannot be delivered.',
      'No SPF record (a TXT record starting with v=spf1).',
      'No DKIM key (a TXT record with v=DKIM1 and p=) at inbox._domainkey.acme.example.',
    ]);
    expect(await problems(good, { mxHost: 'mx.inbox.example' })).toEqual([null, 'No MX record points at mx.inbox.example.', null, null]);
    expect(await problems({ ...good, 'acme.example': { ...good['acme.example'], txt: [['v=spf1 -include:spf.sender.example ~all']] } })).toEqual([null, null, 'The SPF record does not include spf.sender.example.', null]);
    expect(await problems({ ...good, 'acme.example': { ...good['acme.example'], txt: [['v=spf1 ~all'], ['v=spf1 include:spf.sender.example ~all']] } })).toEqual([null, null, 'More than one SPF record: receivers ignore them all (RFC 7208). Merge them into one.', null]);
    expect(await problems({ ...good, 'inbox._domainkey.acme.example': { txt: [['v=DKIM1; p=']] } })).toEqual([null, null, null, 'The DKIM key is revoked (empty p=).']);
  });

  it("another organization's challenge or DKIM key does not pass for this one", async () => {
    const other: DomainProof = { challengeToken: 'beef', dkimPublicKey: 'MIIBother' };
    expect(await problems(good, {}, [], other)).toEqual([
      'No TXT record inbox-verification=beef at _inbox-challenge.acme.example.',
      null,
      null,
      'The published DKIM key is not the key this inbox signs with.',
    ]);
    expect(expectedRecords('acme.example', policy, other).map((record) => [record.kind, record.name, record.expected])).toEqual([
      ['CHALLENGE', '_inbox-challenge.acme.example', 'inbox-verification=beef'],
      ['MX', 'acme.example', 'any mail server of the domain'],
      ['SPF', 'acme.example', 'v=spf1 include:spf.sender.example ~all'],
      ['DKIM', 'inbox._domainkey.acme.example', 'v=DKIM1; k=rsa; p=MIIBother'],
    ]);
  });

  it('a challenge alone is looked up, and a failed lookup concludes nothing', async () => {
    expect(await checkChallengeOf(resolverFor(good), 'acme.example', 'c0ffee')).toMatchObject({ answered: true, check: { ok: true } });
    expect(await checkChallengeOf(resolverFor({}), 'acme.example', 'c0ffee')).toMatchObject({ answered: true, check: { ok: false } });
    expect(await checkChallengeOf(resolverFor(good, ['_inbox-challenge.acme.example']), 'acme.example', 'c0ffee')).toMatchObject({
      answered: false,
      check: { ok: false, problem: 'The DNS lookup failed (ETIMEOUT); try again later.' },
    });
  });

  it('a failed lookup is a failed check, not an error, and does not take a verified domain away', async () => {
    const checks = await checkDomain(resolverFor(good, ['inbox._domainkey.acme.example']), 'acme.example', policy, proof);
    expect(checks.map((check) => check.problem)).toEqual([null, null, null, 'The DNS lookup failed (ETIMEOUT); try again later.']);
    expect(verificationOf(checks)).toBe('FAILED');
    expect(verificationOf(checks, 'FAILED')).toBe('FAILED');
    expect(verificationOf(checks, 'VERIFIED')).toBe('VERIFIED');
    // An answer that disproves a record does.
    const gone = await checkDomain(resolverFor({ ...good, '_inbox-challenge.acme.example': { txt: [['inbox-verification=other']] } }, ['inbox._domainkey.acme.example']), 'acme.example', policy, proof);
    expect(verificationOf(gone, 'VERIFIED')).toBe('FAILED');
  });

  it('a sending host given as an IP address is asked for, and accepted, as ip4:/ip6:', async () => {
    const ipPolicy = { spfInclude: '192.0.2.7' };
    const spf = expectedRecords('acme.example', { ...policy, ...ipPolicy }, proof).find((record) => record.kind === 'SPF');
    expect(spf?.expected).toBe('v=spf1 ip4:192.0.2.7 ~all');
    expect(expectedRecords('acme.example', { ...policy, spfInclude: '2001:db8::1' }, proof).find((record) => record.kind === 'SPF')?.expected).toBe('v=spf1 ip6:2001:db8::1 ~all');
    const withSpf = (text: string) => ({ ...good, 'acme.example': { ...good['acme.example'], txt: [[text]] } });
    expect((await problems(withSpf('v=spf1 ip4:192.0.2.7 ~all'), ipPolicy))[2]).toBeNull();
    expect((await problems(withSpf('v=spf1 include:192.0.2.7 ~all'), ipPolicy))[2]).toBe('The SPF record does not include 192.0.2.7.');
    expect((await problems(withSpf('v=spf1 ip4:192.0.2.8 ~all'), ipPolicy))[2]).toBe('The SPF record does not include 192.0.2.7.');
  });
});
