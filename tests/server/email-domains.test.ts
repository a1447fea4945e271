import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, it } from 'vitest';
import type { EmailChannel, InboundResponse } from '../../src/protocol/api/channels';
import type { Conversation, Message } from '../../src/protocol/documents';
import { openPrivateKey } from '../../src/server/channels/domains/dkim-keys';
import { verifyDkim } from '../support/dkim-verify';
import { publishRecords, startDnsServer, type DnsServer, type DnsZone } from '../support/dns-server';
import { proveDomain } from '../support/prove-domain';
import { openSmtpSession } from '../support/smtp-client';
import {
  conversationsWithSubject,
  conversationWithSubject,
  dkimKeyOf,
  EMAIL_ENV,
  recordOf,
  replyDueIn,
  sendEmail,
  signUpWithChannel,
  smtpInboundPort,
  threadOf,
  useEmailSuite,
  type EmailInbox,
  type EmailSuite,
} from './email-fixtures';
import { describeEachDatabase, uid, type SignedUp } from './server-suite';

/** Server work under a loaded machine: give each condition time before failing. */
const POLL = { timeout: 10_000 };

const dns = await startDnsServer();
const keyDir = mkdtempSync(join(tmpdir(), 'dkim-'));
afterAll(async () => {
  await dns.stop();
  rmSync(keyDir, { recursive: true, force: true });
});

/** The key every organization used to share: set as EMAIL_DKIM_PRIVATE_KEY, it must sign nothing any more. */
const legacyKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const LEGACY_KEY_FILE = join(keyDir, 'legacy.pem');
writeFileSync(LEGACY_KEY_FILE, legacyKey.privateKey.export({ type: 'pkcs8', format: 'pem' }));
const LEGACY_PUBLIC_KEY = legacyKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const KEY_SECRET = 'test-dkim-key-secret-0123456789abcdef';

const NOT_HERE = 'No address of this message is a support address on a verified domain here.';

function postInbound(suite: EmailSuite, to: string, raw: string): Promise<Response> {
  return fetch(`${suite.server.url}/api/channels/inbound?to=${encodeURIComponent(to)}`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': EMAIL_ENV.INBOUND_WEBHOOK_SECRET },
    body: raw,
  });
}

function rawMail(from: string, to: string, subject: string): string {
  return `From: ${from}\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${uid()}@customer.example>\r\n\r\nHello.\r\n`;
}

/** RCPT TO's reply for each address, in one SMTP session. */
async function rcptReplies(suite: EmailSuite, from: string, addresses: string[]): Promise<{ code: number; text: string }[]> {
  const session = openSmtpSession(smtpInboundPort(suite.server));
  await session.greeting;
  await session.command('EHLO client.example');
  await session.command(`MAIL FROM:<${from}>`);
  const replies: { code: number; text: string }[] = [];
  for (const address of addresses) {
    const reply = await session.command(`RCPT TO:<${address}>`);
    replies.push({ code: reply.code, text: reply.text });
  }
  await session.close();
  return replies;
}

/** A channel answer with what is the caller's own (ids, times, its domain's name, token and key) replaced, to compare two answers. */
function comparable(channel: EmailChannel): string {
  const own = [recordOf(channel, 'CHALLENGE').expected.replace('inbox-verification=', ''), dkimKeyOf(channel), channel.domain.name];
  let text = JSON.stringify({ ...channel, id: 0, created_at: 0, domain: { ...channel.domain, checked_at: channel.domain.checked_at === null ? null : 0 } });
  for (const [index, value] of own.entries()) text = text.replaceAll(value, `<own ${index}>`);
  return text;
}

/** Publishes at `to` exactly what `from` publishes, name for name. */
function copyDns(server: DnsServer, from: string, to: string): void {
  for (const [name, zone] of [...server.zones]) {
    if (name === from || name.endsWith(`.${from}`)) server.zones.set(name.slice(0, -from.length) + to, JSON.parse(JSON.stringify(zone).replaceAll(from, to)) as DnsZone);
  }
}

async function openConversation(inbox: EmailInbox, suite: EmailSuite): Promise<Conversation> {
  const subject = `Hello ${uid()}`;
  await sendEmail(suite.server, { envelope: { from: inbox.customer, to: inbox.address }, raw: rawMail(inbox.customer, inbox.address, subject) });
  return conversationWithSubject(inbox.api, subject);
}

async function messageOf(owner: SignedUp, conversationId: number, id: string): Promise<Message | undefined> {
  return (await threadOf(owner.api, conversationId)).find((message) => message.id === id);
}

describeEachDatabase('email domains belong to the organization that proved them', (database) => {
  const suite = useEmailSuite(database, dns, { EMAIL_DKIM_KEY_SECRET: KEY_SECRET, EMAIL_DKIM_PRIVATE_KEY: LEGACY_KEY_FILE });

  it('a domain proven by one organization never verifies for another, which gets the answers of a domain nobody uses; its mail reaches the owner only', async ({
    expect,
  }) => {
    const owner = await signUpWithChannel(suite);
    const [local, proven] = owner.address.split('@') as [string, string];
    // A domain nobody here uses, publishing the very same records (the owner's challenge and key included).
    const unused = `unused-${uid()}.example`;
    copyDns(dns, proven, unused);

    const intruder = await suite.signUp();
    const onProven = await intruder.api.post<EmailChannel>('organization/channels', { email: owner.address });
    const onUnused = await intruder.api.post<EmailChannel>('organization/channels', { email: `${local}@${unused}` });
    expect([onProven.status, onUnused.status]).toEqual([201, 201]);
    expect(comparable(onProven.body)).toEqual(comparable(onUnused.body));
    expect(onProven.body.domain.verification).toBe('PENDING');

    const checkedProven = await intruder.api.get<EmailChannel>(`organization/channels/${owner.address}/verify`);
    const checkedUnused = await intruder.api.get<EmailChannel>(`organization/channels/${local}@${unused}/verify`);
    expect([checkedProven.status, checkedUnused.status]).toEqual([200, 200]);
    expect(comparable(checkedProven.body)).toEqual(comparable(checkedUnused.body));
    expect(checkedProven.body.domain.verification).toBe('FAILED');
    expect(recordOf(checkedProven.body, 'CHALLENGE').problem).toBe(`No TXT record ${recordOf(onProven.body, 'CHALLENGE').expected} at _inbox-challenge.${proven}.`);
    const listed = (await intruder.api.get<EmailChannel[]>('organization/channels')).body;
    expect(listed.map(comparable)).toEqual([comparable(checkedProven.body), comparable(checkedUnused.body)]);

    // Mail to the address reaches the owner only, by SMTP and by webhook.
    const subject = `Only for the owner ${uid()}`;
    await sendEmail(suite.server, { from: owner.customer, to: owner.address, subject, text: 'Hello.' });
    await conversationWithSubject(owner.api, subject);
    expect(await conversationsWithSubject(intruder.api, subject)).toEqual([]);
    const hooked = await postInbound(suite, owner.address, rawMail(owner.customer, owner.address, `${subject} again`));
    expect(hooked.status).toBe(200);
    const { deliveries } = (await hooked.json()) as InboundResponse;
    expect(deliveries).toHaveLength(1);
    expect((await conversationWithSubject(owner.api, `${subject} again`)).id).toBe(deliveries[0]?.status === 'stored' ? deliveries[0].conversation_id : -1);
    expect(await conversationsWithSubject(intruder.api, `${subject} again`)).toEqual([]);
  });

  it('mail to an address whose domain is not verified is refused over SMTP and by the webhook, as for an address nobody added', async ({ expect }) => {
    const owner = await suite.signUp();
    const domain = `unproven-${uid()}.example`;
    const address = `help@${domain}`;
    const added = await owner.api.post<EmailChannel>('organization/channels', { email: address });
    expect(added.body.domain.verification).toBe('PENDING');
    const customer = `jane-${uid()}@customer.example`;
    const nobody = `nobody-${uid()}@elsewhere-${uid()}.example`;

    expect(await rcptReplies(suite, customer, [address, nobody])).toEqual([
      { code: 550, text: 'No such mailbox here' },
      { code: 550, text: 'No such mailbox here' },
    ]);
    for (const to of [address, nobody]) {
      const refused = await postInbound(suite, to, rawMail(customer, to, `Refused ${uid()}`));
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ error: NOT_HERE });
    }

    // Half the records are not enough; all of them, the challenge included, are.
    publishRecords(dns, added.body.domain.records.filter((record) => record.kind !== 'CHALLENGE'));
    expect((await owner.api.get<EmailChannel>(`organization/channels/${address}/verify`)).body.domain.verification).toBe('FAILED');
    expect((await rcptReplies(suite, customer, [address]))[0]?.code).toBe(550);
    await proveDomain(owner.api, dns, added.body);
    expect((await rcptReplies(suite, customer, [address]))[0]?.code).toBe(250);
    const subject = `Welcome ${uid()}`;
    expect((await postInbound(suite, address, rawMail(customer, address, subject))).status).toBe(200);
    await conversationWithSubject(owner.api, subject);
  });

  it('a reply from a domain that is no longer verified is not delivered, and says why', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const domain = inbox.channel.domain.name;
    const conversation = await openConversation(inbox, suite);
    dns.zones.delete(`_inbox-challenge.${domain}`);
    const checked = await inbox.api.get<EmailChannel>(`organization/channels/${inbox.address}/verify`);
    expect(checked.body.domain.verification).toBe('FAILED');

    const reply = await replyDueIn(inbox.api, conversation.id, 50, 'This must not leave.');
    await expect.poll(async () => (await messageOf(inbox, conversation.id, reply.body.message.id))?.status, POLL).toBe('FAILED');
    expect((await messageOf(inbox, conversation.id, reply.body.message.id))?.delivery_error).toBe(
      `The domain ${domain} is not verified: verify it under Settings → Email, then retry.`,
    );
    expect(suite.mail.messages.filter((mail) => mail.envelope.to.includes(inbox.customer))).toEqual([]);
  });

  it("replies are DKIM-signed with their organization's own key, kept sealed on the server and never in an API answer", async ({ expect }) => {
    const first = await signUpWithChannel(suite);
    const second = await signUpWithChannel(suite);
    expect(dkimKeyOf(first.channel)).not.toBe(dkimKeyOf(second.channel));
    expect(suite.server.output()).toContain('EMAIL_DKIM_PRIVATE_KEY is no longer used');

    const answers: string[] = [];
    for (const inbox of [first, second]) {
      const conversation = await openConversation(inbox, suite);
      const reply = await replyDueIn(inbox.api, conversation.id, 50, 'Signed and sealed.');
      const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer));
      const other = inbox === first ? second : first;
      expect(verifyDkim(mail.raw, dkimKeyOf(inbox.channel))).toEqual({ domain: inbox.channel.domain.name, selector: 'inbox', bodyHashMatches: true, signatureValid: true });
      expect(verifyDkim(mail.raw, dkimKeyOf(other.channel)).signatureValid).toBe(false);
      expect(verifyDkim(mail.raw, LEGACY_PUBLIC_KEY).signatureValid).toBe(false);
      await expect.poll(async () => (await messageOf(inbox, conversation.id, reply.body.message.id))?.status, POLL).toBe('SENT');
      answers.push(
        (await inbox.api.get('organization/channels')).text,
        (await inbox.api.get(`organization/channels/${inbox.address}/verify`)).text,
        (await inbox.api.post('organization/channels', { email: `sales@${inbox.channel.domain.name}` })).text,
        (await inbox.api.get(`conversations/${conversation.id}/messages/?limit=100`)).text,
      );
    }

    const rows = await suite
      .db()
      .selectFrom('email_domains')
      .select(['org_id', 'domain', 'dkim_private_key'])
      .where('domain', 'in', [first.channel.domain.name, second.channel.domain.name])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.dkim_private_key).toMatch(/^aes-256-gcm:/);
      const pem = openPrivateKey(row.dkim_private_key, KEY_SECRET, { orgId: row.org_id, domain: row.domain });
      expect(pem).toContain('BEGIN PRIVATE KEY');
      const body = pem.split('\n').filter((line) => line.length > 0 && !line.startsWith('-----'));
      for (const answer of answers) {
        expect(answer).not.toContain('PRIVATE KEY');
        expect(answer).not.toContain(row.dkim_private_key.slice(12, 60));
        for (const line of body) expect(answer).not.toContain(line);
      }
    }
  });

  it("a domain changes hands only once its holder's challenge record is gone", async ({ expect }) => {
    const holder = await signUpWithChannel(suite);
    const domain = holder.channel.domain.name;
    const newcomer = await suite.signUp();
    const added = (await newcomer.api.post<EmailChannel>('organization/channels', { email: holder.address })).body;
    const challengeName = `_inbox-challenge.${domain}`;

    // Whoever runs the domain's DNS publishes the newcomer's records, the challenge beside the holder's.
    publishRecords(dns, added.domain.records);
    dns.zones.set(challengeName, { txt: [[recordOf(holder.channel, 'CHALLENGE').expected], [recordOf(added, 'CHALLENGE').expected]] });
    const refused = await newcomer.api.get<EmailChannel>(`organization/channels/${holder.address}/verify`);
    expect(refused.body.domain.verification).toBe('FAILED');
    expect(refused.body.domain.records.map((record) => record.problem)).toEqual([
      `Another inbox-verification record at ${challengeName} still proves this domain for another inbox: remove it, then verify again.`,
      null,
      null,
      null,
    ]);
    expect((await holder.api.get<EmailChannel[]>('organization/channels')).body[0]?.domain.verification).toBe('VERIFIED');

    // The holder's challenge is removed: the newcomer gets the domain, the holder loses it.
    publishRecords(dns, added.domain.records);
    expect((await newcomer.api.get<EmailChannel>(`organization/channels/${holder.address}/verify`)).body.domain.verification).toBe('VERIFIED');
    const lost = (await holder.api.get<EmailChannel[]>('organization/channels')).body[0];
    expect(lost?.domain.verification).toBe('FAILED');
    expect(lost?.domain.records.map((record) => [record.kind, record.ok])).toEqual([
      ['CHALLENGE', false],
      ['MX', true],
      ['SPF', true],
      ['DKIM', true],
    ]);
    expect(lost ? recordOf(lost, 'CHALLENGE').problem : null).toBe(`No TXT record ${recordOf(holder.channel, 'CHALLENGE').expected} at ${challengeName}.`);

    const subject = `New owner ${uid()}`;
    await sendEmail(suite.server, { from: holder.customer, to: holder.address, subject, text: 'Hello.' });
    await conversationWithSubject(newcomer.api, subject);
    expect(await conversationsWithSubject(holder.api, subject)).toEqual([]);
    // The holder cannot take it back while the newcomer's proof stands.
    expect((await holder.api.get<EmailChannel>(`organization/channels/${holder.address}/verify`)).body.domain.verification).toBe('FAILED');
  });
});
