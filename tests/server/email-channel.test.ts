import { it } from 'vitest';
import type { Contact, Conversation, Message } from '../../src/protocol/documents';
import { openStream } from '../support/stream-client';
import {
  conversationsWithSubject,
  conversationWithSubject,
  customerMessageId,
  replyDueIn,
  sendEmail,
  signUpWithChannel,
  threadOf,
  useEmailSuite,
  type EmailSuite,
} from './email-fixtures';
import { describeEachDatabase, uid, sharedDnsServer } from './server-suite';

/** Server work under a loaded machine: give each condition time before failing. */
const POLL = { timeout: 10_000 };

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

describeEachDatabase('email channel', (database) => {
  const suite = useEmailSuite(database, dns);

  it('an email sent to the built-in SMTP server becomes a conversation, live on the stream', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true });
    await socket.untilReady();
    const subject = `Where is my order ${uid()}?`;
    const sent = await sendEmail(suite.server, {
      from: { name: 'Jane Doe', address: inbox.customer.toUpperCase() },
      to: inbox.address,
      subject,
      text: 'I ordered a week ago.',
      html: '<p>I ordered <b>a week</b> ago.<img src="https://tracker.example/pixel.gif"></p>',
      attachments: [{ filename: 'receipt.txt', content: 'order 42' }],
    });
    expect(sent.response).toMatch(/^250 /);

    const inserted = await socket.next((frame) => frame.col === 'conversations' && frame.action === 'insert' && frame.document?.subject === subject);
    const conversation = inserted.document as Conversation;
    expect(conversation).toMatchObject({ channel: 'EMAIL', channel_id: inbox.channel.id, status: 'OPENED', is_unread: true, agent_id: null });
    const pushed = await socket.next((frame) => frame.col === 'messages' && frame.document?.conversation_id === conversation.id);
    expect(pushed.document).toMatchObject({ status: 'RECEIVED', source: 'EMAIL', message: 'I ordered a week ago.' });
    await socket.close();

    expect((await conversationWithSubject(inbox.api, subject)).id).toBe(conversation.id);
    const [message] = await threadOf(inbox.api, conversation.id);
    expect(message?.html).toBe('<p>I ordered <b>a week</b> ago.<img data-src="https://tracker.example/pixel.gif" /></p>');
    expect(message?.auto_kind).toBeNull();
    expect(message?.attachments).toEqual([{ name: 'receipt.txt', size: 8, type: 'text/plain', url: expect.stringMatching(/^\/api\/attachments\/\d+$/) as string }]);
    const contact = await inbox.api.get<Contact>(`contacts/${conversation.contact_id}`);
    expect(contact.body).toMatchObject({ name: 'Jane Doe', email: inbox.customer });
    expect(conversation.recipients).toEqual([{ id: 1, from: inbox.customer, contact_id: conversation.contact_id }]);
  });

  it('a reply goes out once its delay has passed, threaded; the answer to it joins the same conversation', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const subject = `Refund ${uid()}`;
    const firstId = customerMessageId(inbox.customer);
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject, text: 'Please refund me.', messageId: firstId });
    const conversation = await conversationWithSubject(inbox.api, subject);

    const reply = await replyDueIn(inbox.api, conversation.id, 300, 'Your refund is on its way.');
    expect(reply.body.message.status).toBe('PENDING');
    const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer));
    expect(mail.subject).toBe(`Re: ${subject}`);
    expect(mail.text.trim()).toBe('Your refund is on its way.');
    expect(mail.from).toContain(`<${inbox.address}>`);
    expect(mail.envelope).toEqual({ from: inbox.address, to: [inbox.customer] });
    expect(mail.inReplyTo).toBe(firstId);
    expect(mail.references).toEqual([firstId]);
    expect(mail.messageId).toMatch(new RegExp(`^<[0-9a-f-]{36}@${inbox.address.split('@')[1]?.replace(/\./g, '\\.')}>$`));
    expect(mail.headers.has('auto-submitted')).toBe(false);
    await expect.poll(async () => (await threadOf(inbox.api, conversation.id)).find((m) => m.id === reply.body.message.id)?.status, POLL).toBe('SENT');

    // The customer answers with another subject: the headers decide, not the subject.
    await sendEmail(suite.server, {
      from: inbox.customer,
      to: inbox.address,
      subject: 'Thanks!',
      text: 'Got it, thanks.',
      inReplyTo: mail.messageId,
      references: [firstId, mail.messageId],
    });
    // (The reply is dated when the agent pressed send, which this test puts before the first message.)
    await expect.poll(async () => (await threadOf(inbox.api, conversation.id)).map((m) => m.message).sort(), POLL).toEqual([
      'Got it, thanks.',
      'Please refund me.',
      'Your refund is on its way.',
    ]);
    expect(await conversationsWithSubject(inbox.api, 'Thanks!')).toEqual([]);

    // Someone else naming the customer's Message-ID (which others may know) does not get in.
    const intruding = `Intruding ${uid()}`;
    await sendEmail(suite.server, { from: `intruder-${uid()}@elsewhere.example`, to: inbox.address, subject: intruding, text: 'Let me in.', inReplyTo: firstId, references: [firstId] });
    expect((await conversationWithSubject(inbox.api, intruding)).id).not.toBe(conversation.id);

    // The same contact starting a new thread with the same subject opens a new conversation.
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject, text: 'Another question.' });
    await expect.poll(async () => (await conversationsWithSubject(inbox.api, subject)).length, POLL).toBe(2);
    const both = await conversationsWithSubject(inbox.api, subject);
    expect(new Set(both.map((c) => c.contact_id)).size).toBe(1);
  });

  it('an undone reply never reaches the customer', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const subject = `Undo ${uid()}`;
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject, text: 'Hello?' });
    const conversation = await conversationWithSubject(inbox.api, subject);

    const undone = await replyDueIn(inbox.api, conversation.id, 1500, 'Oops, wrong customer.');
    expect((await inbox.api.post<Message>(`conversations/${conversation.id}/messages/${undone.body.message.id}/undo`)).body.status).toBe('CANCELLED');
    // The right answer is due after the undone one, so the job runner reaches the undone one first.
    await replyDueIn(inbox.api, conversation.id, 1700, 'The right answer.');
    const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer));
    expect(mail.text.trim()).toBe('The right answer.');
    // The undone reply's delivery job is cancelled and was never run, so no mail can follow.
    const job = await suite.db().selectFrom('jobs').select(['cancelled_at', 'done_at', 'attempts']).where('ref', '=', undone.body.message.id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ done_at: null, attempts: 0 });
    expect(job.cancelled_at).not.toBeNull();
    expect(suite.mail.messages.filter((received) => received.to.includes(inbox.customer))).toEqual([]);
  });

  it('auto-replies, bulk mail and bounces are stored, marked, and answered by nothing', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const subject = `Auto ${uid()}`;
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject, text: 'Question.' });
    const conversation = await conversationWithSubject(inbox.api, subject);
    const reply = await replyDueIn(inbox.api, conversation.id, 100, 'Answer.');
    const ours = await suite.mail.waitFor((received) => received.to.includes(inbox.customer));
    await expect.poll(async () => (await threadOf(inbox.api, conversation.id)).find((m) => m.id === reply.body.message.id)?.status, POLL).toBe('SENT');
    expect((await inbox.api.post(`conversations/${conversation.id}/status`, { status: 'CLOSED' })).status).toBe(200);
    const jobsBefore = await countJobs(suite, inbox.session.organization.id);

    await sendEmail(suite.server, {
      from: inbox.customer,
      to: inbox.address,
      subject: `Out of office: Re: ${subject}`,
      text: 'I am away until Monday.',
      inReplyTo: ours.messageId,
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await sendEmail(suite.server, {
      from: inbox.customer,
      to: inbox.address,
      subject: 'Newsletter',
      text: 'News.',
      inReplyTo: ours.messageId,
      headers: { Precedence: 'bulk' },
    });
    await sendEmail(suite.server, {
      envelope: { from: '', to: inbox.address },
      from: `mailer-daemon@customer-relay.example`,
      to: inbox.address,
      subject: 'Undelivered Mail Returned to Sender',
      text: 'report',
      raw: deliveryReport(inbox.address, inbox.customer, ours.messageId),
    });

    await expect.poll(async () => (await threadOf(inbox.api, conversation.id)).map((m) => m.auto_kind ?? null), POLL).toEqual([
      null,
      null,
      'AUTO_REPLY',
      'BULK',
      'BOUNCE',
    ]);
    const thread = await threadOf(inbox.api, conversation.id);
    expect(thread.find((m) => m.id === reply.body.message.id)).toMatchObject({
      status: 'FAILED',
      delivery_error: "Returned by the recipient's mail server: 550 5.1.1 User unknown",
    });
    expect(thread[4]?.contact_id).toBeNull();
    const after = await inbox.api.get<Conversation>(`conversations/${conversation.id}`);
    expect(after.body.status).toBe('CLOSED');
    // Mail leaves only through a job, queued in the transaction that stores the message: no new
    // job, no mail.
    expect(await countJobs(suite, inbox.session.organization.id)).toBe(jobsBefore);
    expect(suite.mail.messages.filter((received) => received.to.includes(inbox.customer))).toEqual([]);
  });

  it("contacts are matched by address whatever its case; a blocked sender or the inbox's own address opens no conversation", async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const first = `Case ${uid()}`;
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject: first, text: 'one' });
    const conversation = await conversationWithSubject(inbox.api, first);
    const second = `Case again ${uid()}`;
    await sendEmail(suite.server, { from: inbox.customer.toUpperCase(), to: inbox.address.toUpperCase(), subject: second, text: 'two' });
    expect((await conversationWithSubject(inbox.api, second)).contact_id).toBe(conversation.contact_id);

    expect((await inbox.api.post(`conversations/${conversation.id}/spam`, { block: true })).status).toBe(200);
    const blocked = `Blocked ${uid()}`;
    const sent = await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject: blocked, text: 'three' });
    expect(sent.response).toMatch(/^250 /);
    await expect.poll(() => suite.server.output().includes('"reason":"The sender is on the blocked list."'), POLL).toBe(true);
    expect(await conversationsWithSubject(inbox.api, blocked)).toEqual([]);

    const looped = `Loop ${uid()}`;
    await sendEmail(suite.server, { from: inbox.address, to: inbox.address, subject: looped, text: 'echo' });
    await expect.poll(() => suite.server.output().includes(`"reason":"Sent from one of the organization's own addresses (a loop)."`), POLL).toBe(true);
    expect(await conversationsWithSubject(inbox.api, looped)).toEqual([]);
  });

  it('attachments are served only to agents of the organization, as safe downloads', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const subject = `Files ${uid()}`;
    await sendEmail(suite.server, {
      from: inbox.customer,
      to: inbox.address,
      subject,
      text: 'See attached.',
      attachments: [
        { filename: 'évil"name\r\n.html', content: '<script>alert(document.cookie)</script>', contentType: 'text/html' },
        { filename: 'drawing.svg', content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', contentType: 'image/svg+xml' },
        { filename: 'photo.png', content: Buffer.from('89504e470d0a1a0a', 'hex'), contentType: 'image/png' },
      ],
    });
    const conversation = await conversationWithSubject(inbox.api, subject);
    const [message] = await threadOf(inbox.api, conversation.id);
    const [html, svg, png] = message?.attachments ?? [];
    if (!html || !svg || !png) throw new Error('Attachments missing');

    const file = await inbox.api.get(html.url);
    expect(file.status).toBe(200);
    expect(file.text).toBe('<script>alert(document.cookie)</script>');
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="_vil_name.html"; filename*=UTF-8''%C3%A9vil%22name.html`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect((await inbox.api.get(svg.url)).headers.get('content-type')).toBe('application/octet-stream');
    expect((await inbox.api.get(png.url)).headers.get('content-type')).toBe('image/png');

    const stranger = await suite.signUp();
    expect((await stranger.api.get(html.url)).status).toBe(404);
    expect((await suite.client().get(html.url)).status).toBe(401);
    expect((await inbox.api.get('/api/attachments/999999999')).status).toBe(404);
  });
});

/** Delivery jobs of the organization: an automatic answer would be one more. */
async function countJobs(suite: EmailSuite, orgId: number): Promise<number> {
  return (await suite.db().selectFrom('jobs').select('id').where('org_id', '=', orgId).execute()).length;
}

/** An RFC 3464 delivery report of the message `messageId` that we sent to `customer`. */
function deliveryReport(to: string, customer: string, messageId: string): string {
  const boundary = `report-${uid()}`;
  return [
    'From: Mail Delivery System <MAILER-DAEMON@customer-relay.example>',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <${uid()}@customer-relay.example>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `Your message to ${customer} could not be delivered.`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; customer-relay.example',
    '',
    `Final-Recipient: rfc822; ${customer}`,
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    `From: ${to}`,
    `To: ${customer}`,
    `Message-ID: ${messageId}`,
    'Subject: Re: something',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
