import { it } from 'vitest';
import type { InboundResponse } from '../../src/protocol/api/channels';
import { openSmtpSession } from '../support/smtp-client';
import { brokenMimeCorpus } from './broken-mime';
import { conversationsWithSubject, conversationWithSubject, EMAIL_ENV, sendEmail, signUpWithChannel, smtpInboundPort, threadOf, useEmailSuite } from './email-fixtures';
import { describeEachDatabase, uid, sharedDnsServer } from './server-suite';

/** Server work under a loaded machine: give each condition time before failing. */
const POLL = { timeout: 10_000 };

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

const MAX_BYTES = 256 * 1024;
const SECRET = EMAIL_ENV.INBOUND_WEBHOOK_SECRET;

describeEachDatabase('inbound email limits', (database) => {
  const suite = useEmailSuite(database, dns, { INBOUND_MAX_BYTES: String(MAX_BYTES) });

  it('a message over the size limit is refused with 552, whether its SIZE was declared or not', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const session = openSmtpSession(smtpInboundPort(suite.server));
    expect((await session.greeting).code).toBe(220);
    expect((await session.command('EHLO client.example')).lines).toContain(`SIZE ${MAX_BYTES}`);
    expect((await session.command(`MAIL FROM:<${inbox.customer}> SIZE=${MAX_BYTES + 1}`)).code).toBe(552);

    expect((await session.command(`MAIL FROM:<${inbox.customer}>`)).code).toBe(250);
    expect((await session.command('RCPT TO:<nobody@example.com>')).code).toBe(550);
    expect((await session.command(`RCPT TO:<${inbox.address}>`)).code).toBe(250);
    const big = `From: ${inbox.customer}\r\nTo: ${inbox.address}\r\nSubject: Big ${uid()}\r\n\r\n${'0123456789abcdef\r\n'.repeat(20_000)}`;
    expect((await session.data(big)).code).toBe(552);

    // The same session goes on: the next message is stored.
    const subject = `After the big one ${uid()}`;
    expect((await session.command(`MAIL FROM:<${inbox.customer}>`)).code).toBe(250);
    expect((await session.command(`RCPT TO:<${inbox.address}>`)).code).toBe(250);
    expect((await session.data(`From: ${inbox.customer}\r\nTo: ${inbox.address}\r\nSubject: ${subject}\r\n\r\nsmall\r\n`)).code).toBe(250);
    await session.close();
    await conversationWithSubject(inbox.api, subject);

    await expect(sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject: 'Too big', text: 'x'.repeat(MAX_BYTES) })).rejects.toMatchObject({
      responseCode: 552,
    });
  });

  it('broken and hostile MIME is stored or refused with a reason, and the server keeps working', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const port = smtpInboundPort(suite.server);
    for (const entry of brokenMimeCorpus(inbox.customer, inbox.address)) {
      const session = openSmtpSession(port);
      await session.command('HELO client.example');
      await session.command(`MAIL FROM:<${inbox.customer}>`);
      await session.command(`RCPT TO:<${inbox.address}>`);
      const reply = await session.data(entry.message);
      await session.close();
      if (entry.outcome.stored) {
        expect(reply.code, entry.name).toBe(250);
        expect(await conversationsWithSubject(inbox.api, entry.outcome.subject), entry.name).toHaveLength(1);
      } else {
        expect(reply.code, entry.name).toBe(entry.outcome.code);
        const reason = `"reason":"${entry.outcome.kind}: `;
        await expect.poll(() => suite.server.output().includes(reason), { ...POLL, message: entry.name }).toBe(true);
      }
    }
    const subject = `Still alive ${uid()}`;
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject, text: 'fine' });
    const conversation = await conversationWithSubject(inbox.api, subject);
    expect((await threadOf(inbox.api, conversation.id)).map((message) => message.message)).toEqual(['fine']);
    expect((await suite.client().get('/ping')).status).toBe(200);
  });

  it('the webhook takes a raw message only with the inbound secret, within the size limit', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const subject = `Webhook ${uid()}`;
    const raw = `From: Jane <${inbox.customer}>\r\nTo: ${inbox.address}\r\nSubject: ${subject}\r\nMessage-ID: <${uid()}@customer.example>\r\n\r\nForwarded by my provider.\r\n`;
    const post = (body: BodyInit, headers: Record<string, string> = {}, query = '') =>
      fetch(`${suite.server.url}/api/channels/inbound${query}`, { method: 'POST', headers: { 'content-type': 'message/rfc822', ...headers }, body });

    expect((await post(raw)).status).toBe(401);
    expect((await post(raw, { 'x-inbound-secret': 'wrong-secret-wrong-secret' })).status).toBe(401);
    const stored = await post(raw, { 'x-inbound-secret': SECRET });
    expect(stored.status).toBe(200);
    const answer = (await stored.json()) as InboundResponse;
    const conversation = await conversationWithSubject(inbox.api, subject);
    expect(answer.deliveries).toEqual([{ status: 'stored', conversation_id: conversation.id, message_id: expect.stringMatching(/^m-\d+$/) as string, is_new_conversation: true }]);
    // The provider retries: the same Message-ID is not stored twice.
    const again = (await (await post(raw, { 'x-inbound-secret': SECRET })).json()) as InboundResponse;
    expect(again.deliveries).toEqual([{ status: 'dropped', reason: 'Already received (same Message-ID).' }]);

    // The envelope recipient can be given when the headers do not name the channel.
    const routedSubject = `Routed ${uid()}`;
    const routed = raw.replace(`To: ${inbox.address}`, 'To: undisclosed-recipients:;').replace(subject, routedSubject).replace(/Message-ID: <[^>]+>/, `Message-ID: <${uid()}@customer.example>`);
    expect((await post(routed, { 'x-inbound-secret': SECRET })).status).toBe(422);
    expect((await post(routed, { 'x-inbound-secret': SECRET }, `?to=${encodeURIComponent(inbox.address)}`)).status).toBe(200);
    await conversationWithSubject(inbox.api, routedSubject);
    expect((await post(routed, { 'x-inbound-secret': SECRET }, `?to=${encodeURIComponent(`${inbox.address}\r\nBcc: x@evil.example`)}`)).status).toBe(400);

    const tooBig = `${raw}${'x'.repeat(MAX_BYTES)}`;
    const declared = await post(tooBig, { 'x-inbound-secret': SECRET });
    expect(declared.status).toBe(413);
    const chunked = await fetch(`${suite.server.url}/api/channels/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': SECRET },
      body: new ReadableStream({
        start(controller) {
          for (let index = 0; index < 40; index += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(16 * 1024)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const garbage = await post('not a message at all', { 'x-inbound-secret': SECRET });
    expect([garbage.status, await garbage.json()]).toEqual([422, { error: 'The message has no valid From address.' }]);
    const json = await fetch(`${suite.server.url}/api/channels/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-inbound-secret': SECRET },
      body: JSON.stringify({ raw }),
    });
    expect(json.status).toBe(415);
  });

  it('an oversized webhook body is answered 413 once it is read, not with a reset, declared or streamed', async ({ expect }) => {
    const post = (body: BodyInit) =>
      fetch(`${suite.server.url}/api/channels/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': SECRET },
        body,
        duplex: 'half',
      } as RequestInit);
    // Far more than the socket buffers hold: a server that answers before reading cuts the upload off (EPIPE).
    const sixteenMegabytes = Buffer.alloc(16 * 1024 * 1024, 'x');
    const declared = await post(sixteenMegabytes);
    expect([declared.status, await declared.json()]).toEqual([413, { error: `The message is larger than ${MAX_BYTES} bytes.` }]);
    const streamed = await post(
      new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < sixteenMegabytes.length; offset += 1024 * 1024) controller.enqueue(sixteenMegabytes.subarray(offset, offset + 1024 * 1024));
          controller.close();
        },
      }),
    );
    expect([streamed.status, await streamed.json()]).toEqual([413, { error: `The message is larger than ${MAX_BYTES} bytes.` }]);
  });
});
