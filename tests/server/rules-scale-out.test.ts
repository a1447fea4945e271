import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundResponse } from '../../src/protocol/api/channels';
import type { Conversation, Rule } from '../../src/protocol/documents';
import { postgresSkipReason } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server-process';
import { EMAIL_ENV, signUpWithChannel, threadOf, useEmailSuite, type EmailInbox } from './email-fixtures';
import { sharedDnsServer, uid } from './server-suite';

/** A waiting rule on two instances of one PostgreSQL: each conversation's job is claimed and acted on once. */
const skipPostgres = (await postgresSkipReason()) !== null;
const dns = await sharedDnsServer();

describe.skipIf(skipPostgres)('waiting rules on two instances of one PostgreSQL', () => {
  const suite = useEmailSuite('postgres', dns);
  let instanceB: RunningServer | undefined;
  beforeAll(async () => {
    instanceB = await startServer({
      database: 'postgres',
      reuse: suite.server,
      env: { TRUST_PROXY: 'loopback', SMTP_URL: suite.mail.url, ...EMAIL_ENV, SMTP_INBOUND_PORT: '0', DNS_SERVERS: dns.address },
    });
  }, 120_000);
  afterAll(async () => {
    await instanceB?.stop('SIGTERM', { keepData: true });
  });

  const mailIn = async (server: RunningServer, inbox: EmailInbox, subject: string) => {
    const raw = `From: ${inbox.customer}\r\nTo: ${inbox.address}\r\nSubject: ${subject}\r\nMessage-ID: <${uid()}@customer.example>\r\n\r\nHello.\r\n`;
    const response = await fetch(`${server.url}/api/channels/inbound?to=${encodeURIComponent(inbox.address)}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': EMAIL_ENV.INBOUND_WEBHOOK_SECRET },
      body: raw,
    });
    const delivery = ((await response.json()) as InboundResponse).deliveries[0];
    if (delivery?.status !== 'stored') throw new Error(`Not stored: ${JSON.stringify(delivery)}`);
    return delivery.conversation_id;
  };

  it('fires once per waiting conversation although both instances run jobs, and not for one answered in time', { timeout: 120_000 }, async () => {
    const inbox = await signUpWithChannel(suite);
    const created = await inbox.api.post<Rule>('rules/', {
      id: `ru-${uid()}`,
      name: 'Chase',
      trigger: 'waited_for_us',
      wait: { amount: 0.001, business_hours: false },
      actions: [{ type: 'add_tag', value: 'late' }, { type: 'add_note', value: 'Nobody answered yet' }],
    });
    expect(created.status).toBe(201);
    const servers = [suite.server, instanceB as RunningServer];
    const waiting: number[] = [];
    for (let index = 0; index < 6; index += 1) waiting.push(await mailIn(servers[index % 2] as RunningServer, inbox, `Waiting ${index}`));
    const answered = await mailIn(instanceB as RunningServer, inbox, 'Answered');
    expect((await inbox.api.post(`conversations/${answered}/reply`, { message: 'Here we are', source: 'EMAIL' })).status).toBe(201);

    const deadline = Date.now() + 60_000;
    const tagged = async () => {
      const all = await Promise.all(waiting.map(async (id) => (await inbox.api.get<Conversation>(`conversations/${id}`)).body));
      return all.filter((conversation) => conversation.tags.includes('late')).length;
    };
    while ((await tagged()) < waiting.length) {
      if (Date.now() > deadline) throw new Error(`Only ${await tagged()} of ${waiting.length} fired`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const id of waiting) {
      const notes = (await threadOf(inbox.api, id)).filter((message) => message.source === 'RULE');
      expect(notes.map((note) => note.message)).toEqual(['Nobody answered yet', 'Rule “Chase”: added tag late; added a note.']);
    }
    const jobs = await suite.db().selectFrom('jobs').selectAll().where('kind', '=', 'rule_wait').where('org_id', '=', inbox.session.organization.id).execute();
    const byConversation = new Map(jobs.map((job) => [Number(job.ref.split(':')[0]), job]));
    for (const id of waiting) expect(byConversation.get(id)).toMatchObject({ attempts: 1, cancelled_at: null });
    expect(byConversation.get(answered)?.cancelled_at).not.toBeNull();
    expect((await inbox.api.get<Conversation>(`conversations/${answered}`)).body.tags).toEqual([]);
  });
});
