import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, it } from 'vitest';
import type { EmailChannel } from '../../src/protocol/api/channels';
import { CHANNEL_ERRORS } from '../../src/protocol/api/channels';
import type { Session } from '../../src/protocol/api/models';
import type { ApiClient } from '../support/api-client';
import { startDnsServer } from '../support/dns-server';
import { conversationWithSubject, EMAIL_ENV, replyDueIn, sendEmail, signUpWithChannel } from './email-fixtures';
import { describeEachDatabase, uid, useServerSuite, type ServerSuite, type SignedUp } from './server-suite';

/** Server work under a loaded machine: give each condition time before failing. */
const POLL = { timeout: 10_000 };

const dns = await startDnsServer();
const keyDir = mkdtempSync(join(tmpdir(), 'dkim-'));
afterAll(async () => {
  await dns.stop();
  rmSync(keyDir, { recursive: true, force: true });
});

/** The inbox signs with this key; its public half is what a domain publishes. */
const dkimKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DKIM_KEY_FILE = join(keyDir, 'dkim.pem');
writeFileSync(DKIM_KEY_FILE, dkimKey.privateKey.export({ type: 'pkcs8', format: 'pem' }));
const OUR_DKIM_KEY = dkimKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

const SPF_HOST = 'spf.sender.example';

/** Publishes (or, with `delayMs`, slowly answers) the records a verified domain has. */
function publishRecords(domain: string, options: { delayMs?: number; spf?: string; dkim?: string } = {}) {
  const delay = options.delayMs === undefined ? {} : { delayMs: options.delayMs };
  dns.zones.set(domain, {
    mx: [{ priority: 10, exchange: `mx.${domain}` }],
    txt: [[options.spf ?? `v=spf1 include:${SPF_HOST} ~all`], ['google-site-verification=abc']],
    ...delay,
  });
  const key = options.dkim ?? OUR_DKIM_KEY;
  dns.zones.set(`inbox._domainkey.${domain}`, { txt: [['v=DKIM1; k=rsa; ', `p=${key.slice(0, 200)}`, key.slice(200)]], ...delay });
}

/** A teammate invited with no role (the Agent preset): no channel.* permission. */
async function agentWithoutRoles(suite: ServerSuite, owner: SignedUp): Promise<ApiClient> {
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
  const suite = useServerSuite(database, {
    ...EMAIL_ENV,
    DNS_SERVERS: dns.address,
    EMAIL_SPF_INCLUDE: SPF_HOST,
    EMAIL_DKIM_SELECTOR: 'inbox',
    EMAIL_DKIM_PRIVATE_KEY: DKIM_KEY_FILE,
  });

  it('support addresses are listed, added once across organizations and removed, with channel.* to change them', async ({ expect }) => {
    const owner = await suite.signUp();
    const domain = `acme-${uid()}.example`;
    const added = await owner.api.post<EmailChannel>('organization/channels', { email: ` Help@${domain.toUpperCase()} ` });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: `help@${domain}`, domain: { name: domain, verification: 'PENDING', is_verifying: false, checked_at: null } });
    expect(added.body.domain.records.map((record) => [record.kind, record.type, record.name, record.expected])).toEqual([
      ['MX', 'MX', domain, 'any mail server of the domain'],
      ['SPF', 'TXT', domain, `v=spf1 include:${SPF_HOST} ~all`],
      ['DKIM', 'TXT', `inbox._domainkey.${domain}`, `v=DKIM1; k=rsa; p=${OUR_DKIM_KEY}`],
    ]);
    expect((await owner.api.post('organization/channels', { email: `help@${domain}` })).body).toEqual({ errors: { email: CHANNEL_ERRORS.addressTaken } });
    const other = await suite.signUp();
    const taken = await other.api.post('organization/channels', { email: `help@${domain}` });
    expect(taken.status).toBe(409);
    for (const email of [`a@${domain}\r\nBcc: evil@example.com`, 'not an address', `"quoted"@${domain}`, `a,b@${domain}`]) {
      expect((await owner.api.post('organization/channels', { email })).status).toBe(400);
    }

    const agent = await agentWithoutRoles(suite, owner);
    expect((await agent.get<EmailChannel[]>('organization/channels')).body.map((channel) => channel.email)).toEqual([`help@${domain}`]);
    expect((await agent.post('organization/channels', { email: `sales@${domain}` })).status).toBe(403);
    expect((await agent.delete(`organization/channels/help@${domain}`)).status).toBe(403);
    expect((await agent.get(`organization/channels/help@${domain}/verify`)).status).toBe(403);

    expect((await other.api.delete(`organization/channels/help@${domain}`)).status).toBe(404);
    expect((await owner.api.delete(`organization/channels/${encodeURIComponent(`help@${domain}`)}`)).status).toBe(204);
    expect((await owner.api.get<EmailChannel[]>('organization/channels')).body).toEqual([]);
    expect((await owner.api.delete(`organization/channels/help@${domain}`)).status).toBe(404);
  });

  it('verify checks MX, SPF and DKIM through the configured resolver and updates every channel of the domain', async ({ expect }) => {
    const owner = await suite.signUp();
    const domain = `verify-${uid()}.example`;
    const elsewhere = `elsewhere-${uid()}.example`; // sorts before verify-…
    for (const email of [`help@${domain}`, `billing@${domain}`, `help@${elsewhere}`]) {
      expect((await owner.api.post('organization/channels', { email })).status).toBe(201);
    }

    const failed = await owner.api.get<EmailChannel>(`organization/channels/help@${domain}/verify`);
    expect(failed.status).toBe(200);
    expect(failed.body.domain.verification).toBe('FAILED');
    expect(failed.body.domain.records.map((record) => [record.kind, record.ok, record.problem])).toEqual([
      ['MX', false, 'No MX record: mail to this address cannot be delivered.'],
      ['SPF', false, 'No SPF record (a TXT record starting with v=spf1).'],
      ['DKIM', false, `No DKIM key (a TXT record with v=DKIM1 and p=) at inbox._domainkey.${domain}.`],
    ]);

    publishRecords(domain, { spf: 'v=spf1 include:other.example ~all', dkim: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAother' });
    const wrong = await owner.api.get<EmailChannel>(`organization/channels/help@${domain}/verify`);
    expect(wrong.body.domain.records.map((record) => record.problem)).toEqual([
      null,
      `The SPF record does not include ${SPF_HOST}.`,
      'The published DKIM key is not the key this inbox signs with.',
    ]);

    publishRecords(domain, { delayMs: 600 });
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
    expect(verified.body.domain.records.find((record) => record.kind === 'DKIM')?.found).toEqual([`v=DKIM1; k=rsa; p=${OUR_DKIM_KEY}`]);
    const listed = (await owner.api.get<EmailChannel[]>('organization/channels')).body;
    expect(listed.map((c) => [c.email, c.domain.verification, c.domain.is_verifying])).toEqual([
      [`help@${elsewhere}`, 'PENDING', false],
      [`billing@${domain}`, 'VERIFIED', false],
      [`help@${domain}`, 'VERIFIED', false],
    ]);
    expect(dns.queries).toContain(`TXT inbox._domainkey.${domain}`);

    // A new address on a verified domain is verified at once.
    const added = await owner.api.post<EmailChannel>('organization/channels', { email: `sales@${domain}` });
    expect(added.body.domain.verification).toBe('VERIFIED');
  });

  it("replies are DKIM-signed for the channel's domain with the configured selector", async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const subject = `Signed ${uid()}`;
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject, text: 'Hello.' });
    const conversation = await conversationWithSubject(inbox.api, subject);
    await replyDueIn(inbox.api, conversation.id, 50, 'Signed and sealed.');
    const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer));
    expect(mail.headers.get('dkim-signature')).toMatchObject({ params: { d: inbox.address.split('@')[1], s: 'inbox', a: 'rsa-sha256' } });
  });
});
