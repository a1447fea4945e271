import { request } from 'node:http';
import { it } from 'vitest';
import type { InboundResponse } from '../../src/protocol/api/channels';
import { HTML_NOTICES } from '../../src/server/content/html-limits';
import { linksHtml, messageWithHtml as rawMessage, nestedHtml } from '../support/complex-email';
import { openSmtpSession } from '../support/smtp-client';
import type { RunningServer } from '../support/server-process';
import { conversationWithSubject, EMAIL_ENV, signUpWithChannel, smtpInboundPort, threadOf, useEmailSuite, type EmailInbox } from './email-fixtures';
import { describeEachDatabase, uid, sharedDnsServer } from './server-suite';

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

/**
 * How long a /ping may take while the server works on a message. It answers in milliseconds; the
 * bound is loose for a loaded shared machine, and far below the stall these messages caused
 * (12.5 s in the report, 10 to 40 s here).
 */
const PROMPT_MS = 5_000;
// Two messages of 1 to 14 MB each, on a shared machine.
const SLOW = { timeout: 240_000 };

type Timed<T> = { result: T; pings: { answered: number; slowestMs: number } };

/**
 * Delivers a message and, from the moment it is sent until the delivery's answer, asks the
 * server for /ping again and again: resolves to the delivery's outcome, how many pings were
 * answered and the slowest one. While a message blocks the event loop, the ping in flight waits
 * for it.
 */
async function pingWhileDelivering<T>(server: RunningServer, deliver: (sent: () => void) => Promise<T>): Promise<Timed<T>> {
  let delivered = false;
  const latencies: number[] = [];
  let pinging: Promise<void> | undefined;
  const pingUntilDelivered = async () => {
    do {
      const start = performance.now();
      await (await fetch(`${server.url}/ping`)).arrayBuffer();
      latencies.push(performance.now() - start);
    } while (!delivered);
  };
  const result = await deliver(() => {
    pinging = pingUntilDelivered();
  });
  delivered = true;
  if (!pinging) throw new Error('The message was never sent');
  await pinging;
  return { result, pings: { answered: latencies.length, slowestMs: Math.round(Math.max(...latencies)) } };
}

function sendOverSmtp(server: RunningServer, inbox: EmailInbox, message: string): Promise<Timed<number>> {
  return pingWhileDelivering(server, async (sent) => {
    const session = openSmtpSession(smtpInboundPort(server));
    await session.command('HELO client.example');
    await session.command(`MAIL FROM:<${inbox.customer}>`);
    await session.command(`RCPT TO:<${inbox.address}>`);
    const reply = await session.data(message, sent);
    await session.close();
    return reply.code;
  });
}

function sendOverWebhook(server: RunningServer, message: string): Promise<Timed<{ status: number; body: string }>> {
  const body = Buffer.from(message, 'utf8');
  return pingWhileDelivering(server, (sent) => {
    return new Promise((resolve, reject) => {
      const post = request(`${server.url}/api/channels/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822', 'content-length': body.length, 'x-inbound-secret': EMAIL_ENV.INBOUND_WEBHOOK_SECRET },
      });
      post.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      post.on('error', reject);
      post.end(body, sent);
    });
  });
}

/** Every ping sent while the server worked on the message was answered, each within PROMPT_MS. */
const prompt = (pings: Timed<unknown>['pings']) => pings.answered > 0 && pings.slowestMs < PROMPT_MS;

const messageWithHtml = (inbox: EmailInbox, subject: string, html: string, text?: string) =>
  rawMessage({ from: inbox.customer, to: inbox.address, subject, html, ...(text === undefined ? {} : { text }) });

async function storedMessage(inbox: EmailInbox, subject: string) {
  const conversation = await conversationWithSubject(inbox.api, subject);
  const [message] = await threadOf(inbox.api, conversation.id);
  return { conversation, message };
}

describeEachDatabase('email too complex to display', (database) => {
  const suite = useEmailSuite(database, dns);

  it('a message nesting 100,000 elements, by SMTP and by webhook, is stored as its text with a notice while the server keeps answering', SLOW, async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const bySmtp = `Nested by SMTP ${uid()}`;
    const smtp = await sendOverSmtp(suite.server, inbox, messageWithHtml(inbox, bySmtp, nestedHtml(100_000), 'The plain version.'));
    expect(smtp.result).toBe(250);
    expect(smtp.pings, 'a ping waited for the message').toSatisfy(prompt);
    const stored = await storedMessage(inbox, bySmtp);
    expect(stored.message).toMatchObject({ html: null, message: `${HTML_NOTICES.depth}\n\nThe plain version.` });
    // The conversation list shows the customer's words, not the notice.
    expect(stored.conversation.last_update).toBe('The plain version.');

    // Without a plain-text part, the text is taken from the HTML.
    const byWebhook = `Nested by webhook ${uid()}`;
    const webhook = await sendOverWebhook(suite.server, messageWithHtml(inbox, byWebhook, nestedHtml(100_000)));
    expect(webhook.result.status).toBe(200);
    expect((JSON.parse(webhook.result.body) as InboundResponse).deliveries).toMatchObject([{ status: 'stored' }]);
    expect(webhook.pings, 'a ping waited for the message').toSatisfy(prompt);
    expect((await storedMessage(inbox, byWebhook)).message).toMatchObject({ html: null, message: `${HTML_NOTICES.depth}\n\nDeep inside.` });
  });

  it('a message of 300,000 links, by SMTP and by webhook, is stored as its text with a notice while the server keeps answering', SLOW, async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const html = linksHtml(300_000);
    expect(html.length).toBeGreaterThan(14_000_000);
    const bySmtp = `Links by SMTP ${uid()}`;
    const smtp = await sendOverSmtp(suite.server, inbox, messageWithHtml(inbox, bySmtp, html, 'All our links.'));
    expect(smtp.result).toBe(250);
    expect(smtp.pings, 'a ping waited for the message').toSatisfy(prompt);
    expect((await storedMessage(inbox, bySmtp)).message).toMatchObject({ html: null, message: `${HTML_NOTICES.elements}\n\nAll our links.` });

    const byWebhook = `Links by webhook ${uid()}`;
    const webhook = await sendOverWebhook(suite.server, messageWithHtml(inbox, byWebhook, html));
    expect(webhook.result.status).toBe(200);
    expect(webhook.pings, 'a ping waited for the message').toSatisfy(prompt);
    const { message } = await storedMessage(inbox, byWebhook);
    expect(message?.html).toBeNull();
    expect(message?.message.startsWith(`${HTML_NOTICES.elements}\n\nlink 0 link 1 link 2 `)).toBe(true);

    // The server is fine afterwards: an ordinary HTML message is shown as HTML.
    const ordinary = `Ordinary ${uid()}`;
    const reply = await sendOverSmtp(suite.server, inbox, messageWithHtml(inbox, ordinary, '<p>Hello <b>there</b></p>', 'Hello there'));
    expect(reply.result).toBe(250);
    expect((await storedMessage(inbox, ordinary)).message).toMatchObject({ html: '<p>Hello <b>there</b></p>', message: 'Hello there' });
  });
});
