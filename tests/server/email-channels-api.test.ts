import { createPublicKey } from 'node:crypto';
import { it } from 'vitest';
import type { EmailChannel } from '../../src/protocol/api/channels';
import { CHANNEL_ERRORS } from '../../src/protocol/api/channels';
import type { Session } from '../../src/protocol/api/models';
import type { ApiClient } from '../support/api-client';
import { publishRecords } from '../support/dns-server';
import { dkimKeyOf, recordOf, useEmailSuite, type EmailSuite } from './email-fixtures';
import { describeEachDatabase, uid, type SignedUp, sharedDnsServer } from './server-suite';

/** Server work under a loaded machine: give each condition time before failing. */
const POLL = { timeout: 10_000 };

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

const SPF_HOST = 'spf.sender.example';

/** A teammate invited with no role (the Agent preset): no channel.* permission. */
async function agentWithoutRoles(suite: EmailSuite, owner: SignedUp): Promise<ApiClient> {
  const email = `agent-${uid()}@example.com`;
  const invited = await owner.api.post(`agents/invite/${encodeURIComponent(email)}`, { roles: [] });
  if (invited.status !== 201) throw new Error(`Invite failed: ${invited.status} ${invited.text}`);
  const mail = await suite.mail.waitFor((received) => received.to.includes(email));
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
  const accepted = await suite.client().post<Session>(`invites/${token}/accept`, { name: 'Agent', password: 'password-agent' });
  if (accepted.status !== 201) throw new Error(`Accept failed: ${accepted.status} ${accepted.text}`);
  return suite.client(accepted.body.token);
}

describeEachDatabase('email channels', (database) => {
  const suite = useEmailSuite(database, dns, { EMAIL_SPF_INCLUDE: SPF_HOST, EMAIL_DKIM_SELECTOR: 'inbox' });

  it('support addresses are listed, added once per organization and removed, with channel.* to change them', async ({ expect }) => {
    const owner = await suite.signUp();
    const domain = `acme-${uid()}.example`;
    const added = await owner.api.post<EmailChannel>('organization/channels', { email: ` Help@${domain.toUpperCase()} ` });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: `help@${domain}`, domain: { name: domain, verification: 'PENDING', is_verifying: false, checked_at: null } });
    const token = /^inbox-verification=([0-9a-f]{32})$/.exec(recordOf(added.body, 'CHALLENGE').expected)?.[1];
    expect(token).toBeDefined();
    const key = dkimKeyOf(added.body);
    expect(createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' }).asymmetricKeyDetails).toMatchObject({ modulusLength: 2048 });
    expect(added.body.domain.records.map((record) => [record.kind, record.type, record.name, record.expected])).toEqual([
      ['CHALLENGE', 'TXT', `_inbox-challenge.${domain}`, `inbox-verification=${token}`],
      ['MX', 'MX', domain, 'any mail server of the domain'],
      ['SPF', 'TXT', domain, `v=spf1 include:${SPF_HOST} ~all`],
      ['DKIM', 'TXT', `inbox._domainkey.${domain}`, `v=DKIM1; k=rsa; p=${key}`],
    ]);
    expect((await owner.api.post('organization/channels', { email: `help@${domain}` })).body).toEqual({ errors: { email: CHANNEL_ERRORS.addressTaken } });
    // Another address on the same domain shares its challenge and key.
    const sales = await owner.api.post<EmailChannel>('organization/channels', { email: `sales@${domain}` });
    expect(sales.body.domain.records).toEqual(added.body.domain.records);

    // Another organization may add the same address: it gets its own challenge and key, and learns nothing.
    const other = await suite.signUp();
    const theirs = await other.api.post<EmailChannel>('organization/channels', { email: `help@${domain}` });
    expect(theirs.status).toBe(201);
    expect(theirs.body.domain.verification).toBe('PENDING');
    expect(recordOf(theirs.body, 'CHALLENGE').expected).not.toBe(recordOf(added.body, 'CHALLENGE').expected);
    expect(dkimKeyOf(theirs.body)).not.toBe(key);
    for (const email of [`a@${domain}\r\nBcc: evil@example.com`, 'not an address', `"quoted"@${domain}`, `a,b@${domain}`]) {
      expect((await owner.api.post('organization/channels', { email })).status).toBe(400);
    }

    const agent = await agentWithoutRoles(suite, owner);
    expect((await agent.get<EmailChannel[]>('organization/channels')).body.map((channel) => channel.email)).toEqual([`help@${domain}`, `sales@${domain}`]);
    expect((await agent.post('organization/channels', { email: `info@${domain}` })).status).toBe(403);
    expect((await agent.delete(`organization/channels/help@${domain}`)).status).toBe(403);
    expect((await agent.get(`organization/channels/help@${domain}/verify`)).status).toBe(403);

    expect((await other.api.delete(`organization/channels/sales@${domain}`)).status).toBe(404);
    expect((await other.api.delete(`organization/channels/help@${domain}`)).status).toBe(204);
    expect((await owner.api.get<EmailChannel[]>('organization/channels')).body.map((channel) => channel.email)).toEqual([`help@${domain}`, `sales@${domain}`]);
    for (const email of [`help@${domain}`, `sales@${domain}`]) expect((await owner.api.delete(`organization/channels/${encodeURIComponent(email)}`)).status).toBe(204);
    expect((await owner.api.get<EmailChannel[]>('organization/channels')).body).toEqual([]);
    expect((await owner.api.delete(`organization/channels/help@${domain}`)).status).toBe(404);
  });

  it('verify checks the challenge, MX, SPF and DKIM through the configured resolver and updates every channel of the domain', async ({ expect }) => {
    const owner = await suite.signUp();
    const domain = `verify-${uid()}.example`;
    const elsewhere = `elsewhere-${uid()}.example`; // sorts before verify-…
    const channels: EmailChannel[] = [];
    for (const email of [`help@${domain}`, `billing@${domain}`, `help@${elsewhere}`]) {
      const added = await owner.api.post<EmailChannel>('organization/channels', { email });
      expect(added.status).toBe(201);
      channels.push(added.body);
    }
    const [help] = channels;
    if (!help) throw new Error('no channel');
    const key = dkimKeyOf(help);

    const failed = await owner.api.get<EmailChannel>(`organization/channels/help@${domain}/verify`);
    expect(failed.status).toBe(200);
    expect(failed.body.domain.verification).toBe('FAILED');
    expect(failed.body.domain.records.map((record) => [record.kind, record.ok, record.problem])).toEqual([
      ['CHALLENGE', false, `No TXT record ${recordOf(help, 'CHALLENGE').expected} at _inbox-challenge.${domain}.`],
      ['MX', false, 'No MX record: mail to this address cannot be delivered.'],
      ['SPF', false, 'No SPF record (a TXT record starting with v=spf1).'],
      ['DKIM', false, `No DKIM key (a TXT record with v=DKIM1 and p=) at inbox._domainkey.${domain}.`],
    ]);

    // Everything but the challenge, and someone else's key: not verified.
    publishRecords(dns, help.domain.records.filter((record) => record.kind !== 'CHALLENGE'));
    dns.zones.set(domain, { mx: [{ priority: 10, exchange: `mx.${domain}` }], txt: [['v=spf1 include:other.example ~all'], ['google-site-verification=abc']] });
    dns.zones.set(`inbox._domainkey.${domain}`, { txt: [['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAother']] });
    const wrong = await owner.api.get<EmailChannel>(`organization/channels/help@${domain}/verify`);
    expect(wrong.body.domain.verification).toBe('FAILED');
    expect(wrong.body.domain.records.map((record) => record.problem)).toEqual([
      `No TXT record ${recordOf(help, 'CHALLENGE').expected} at _inbox-challenge.${domain}.`,
      null,
      `The SPF record does not include ${SPF_HOST}.`,
      'The published DKIM key is not the key this inbox signs with.',
    ]);

    publishRecords(dns, help.domain.records);
    for (const name of [domain, `_inbox-challenge.${domain}`, `inbox._domainkey.${domain}`]) {
      const zone = dns.zones.get(name);
      if (zone) dns.zones.set(name, { ...zone, delayMs: 600 });
    }
    const verifying = owner.api.get<EmailChannel>(`organization/channels/billing@${domain}/verify`);
    await expect
      .poll(async () => (await owner.api.get<EmailChannel[]>('organization/channels')).body.map((c) => [c.email, c.domain.is_verifying]), POLL)
      .toEqual([
        [`help@${elsewhere}`, false],
        [`billing@${domain}`, true],
        [`help@${domain}`, true],
      ]);
    const verified = await verifying;
    expect(verified.body.domain).toMatchObject({ name: domain, verification: 'VERIFIED', is_verifying: false });
    expect(recordOf(verified.body, 'DKIM').found).toEqual([`v=DKIM1; k=rsa; p=${key}`]);
    const listed = (await owner.api.get<EmailChannel[]>('organization/channels')).body;
    expect(listed.map((c) => [c.email, c.domain.verification, c.domain.is_verifying])).toEqual([
      [`help@${elsewhere}`, 'PENDING', false],
      [`billing@${domain}`, 'VERIFIED', false],
      [`help@${domain}`, 'VERIFIED', false],
    ]);
    expect(dns.queries).toContain(`TXT _inbox-challenge.${domain}`);
    expect(dns.queries).toContain(`TXT inbox._domainkey.${domain}`);

    // A new address on a verified domain is verified at once.
    const added = await owner.api.post<EmailChannel>('organization/channels', { email: `sales@${domain}` });
    expect(added.body.domain.verification).toBe('VERIFIED');
  });
});
