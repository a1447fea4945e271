import { it } from 'vitest';
import type { UploadedAttachment } from '../../src/protocol/api/channels';
import type { Contact, Conversation, Message } from '../../src/protocol/documents';
import { conversationWithSubject, replyDueIn, sendEmail, signUpWithChannel, threadOf, useEmailSuite, type EmailInbox, type EmailSuite } from './email-fixtures';
import { describeEachDatabase, uid, sharedDnsServer } from './server-suite';

/** Server work under a loaded machine: give each condition time before failing. */
const POLL = { timeout: 10_000 };

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

async function messageOf(inbox: EmailInbox, conversationId: number, id: string): Promise<Message | undefined> {
  return (await threadOf(inbox.api, conversationId)).find((message) => message.id === id);
}

/** A conversation opened by the inbox's customer; `from` is the From header as sent. */
async function openConversation(suite: EmailSuite, inbox: EmailInbox, from = inbox.customer): Promise<Conversation> {
  const subject = `Outbound ${uid()}`;
  const envelopeFrom = /<([^>]+)>$/.exec(from)?.[1] ?? from;
  await sendEmail(suite.server, {
    envelope: { from: envelopeFrom, to: inbox.address },
    raw: `From: ${from}\r\nTo: ${inbox.address}\r\nSubject: ${subject}\r\nMessage-ID: <${uid()}@customer.example>\r\n\r\nHello.\r\n`,
  });
  return conversationWithSubject(inbox.api, subject);
}

describeEachDatabase('outbound email', (database) => {
  const suite = useEmailSuite(database, dns);

  it('a temporary refusal is shown on the message and retried until the reply is delivered', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    suite.mail.refuse(inbox.customer, { code: 451, message: 'Greylisted, try again later', times: 1 });
    const reply = await replyDueIn(inbox.api, conversation.id, 50, 'Second time lucky.');
    await expect
      .poll(async () => (await messageOf(inbox, conversation.id, reply.body.message.id))?.delivery_error, POLL)
      .toMatch(/^Not delivered yet, retrying: .*451/);
    expect((await messageOf(inbox, conversation.id, reply.body.message.id))?.status).toBe('PENDING');
    const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer), 15_000);
    expect(mail.text.trim()).toBe('Second time lucky.');
    await expect.poll(async () => (await messageOf(inbox, conversation.id, reply.body.message.id))?.status, POLL).toBe('SENT');
    expect((await messageOf(inbox, conversation.id, reply.body.message.id))?.delivery_error).toBeNull();
  });

  it('a permanent refusal fails the message with the reason; a refused CC only warns', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    suite.mail.refuse(inbox.customer, { code: 550, message: 'No such user here' });
    const reply = await replyDueIn(inbox.api, conversation.id, 50, 'Nobody will read this.');
    await expect.poll(async () => (await messageOf(inbox, conversation.id, reply.body.message.id))?.status, POLL).toBe('FAILED');
    expect((await messageOf(inbox, conversation.id, reply.body.message.id))?.delivery_error).toMatch(/^The mail server refused it: .*550.*No such user here/);

    const other = await signUpWithChannel(suite);
    const shared = await openConversation(suite, other);
    const colleague = `colleague-${uid()}@customer.example`;
    expect((await other.api.post(`conversations/${shared.id}/recipients`, { email: colleague })).status).toBe(200);
    suite.mail.refuse(colleague, { code: 550, message: 'Mailbox disabled' });
    const partial = await replyDueIn(other.api, shared.id, 50, 'To both of you.');
    const mail = await suite.mail.waitFor((received) => received.to.includes(other.customer));
    expect(mail.cc).toEqual([colleague]);
    expect(mail.envelope.to).toEqual([other.customer]);
    await expect.poll(async () => (await messageOf(other, shared.id, partial.body.message.id))?.status, POLL).toBe('SENT');
    expect((await messageOf(other, shared.id, partial.body.message.id))?.delivery_error).toBe(`Not delivered to ${colleague}: their mail server refused it.`);
  });

  it("a reply's uploaded files go out with it, once, and only from their organization", async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    const bytes = Buffer.from(`%PDF-1.4 invoice ${uid()}`);
    const upload = await fetch(`${suite.server.url}/api/attachments/?name=${encodeURIComponent('Invoice (March).pdf')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inbox.session.token}`, 'content-type': 'application/pdf' },
      body: bytes,
    });
    expect(upload.status).toBe(201);
    const file = (await upload.json()) as UploadedAttachment;
    expect(file).toMatchObject({ name: 'Invoice (March).pdf', size: bytes.length, type: 'application/pdf', url: `/api/attachments/${file.id}` });

    const stranger = await signUpWithChannel(suite);
    const theirs = await openConversation(suite, stranger);
    const stolen = await stranger.api.post(`conversations/${theirs.id}/reply`, { message: 'Mine now', source: 'EMAIL', attachments: [file.id] });
    expect([stolen.status, stolen.body]).toEqual([400, { errors: { attachments: 'names a file that was not uploaded or is already sent' } }]);

    const withFile = await inbox.api.post<{ message: Message }>(`conversations/${conversation.id}/reply`, {
      message: 'Here it is.',
      source: 'EMAIL',
      sent_at: Date.now() - 9_900,
      attachments: [file.id],
    });
    expect(withFile.body.message.attachments).toEqual([{ name: 'Invoice (March).pdf', size: bytes.length, type: 'application/pdf', url: file.url }]);
    const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer));
    expect(mail.text.trim()).toBe('Here it is.');
    expect(mail.attachments.map((attachment) => [attachment.filename, attachment.contentType, attachment.content.toString()])).toEqual([
      ['Invoice (March).pdf', 'application/pdf', bytes.toString()],
    ]);
    const again = await inbox.api.post(`conversations/${conversation.id}/reply`, { message: 'Again', source: 'EMAIL', attachments: [file.id] });
    expect(again.status).toBe(400);
  });

  it('no header or recipient can be injected through stored addresses, subjects, names or text', async ({ expect }) => {
    const evil = `evil-${uid()}@evil.example`;
    const inbox = await signUpWithChannel(suite);

    // A display name carrying CR/LF in an encoded word becomes one line.
    const conversation = await openConversation(suite, inbox, `=?utf-8?Q?Jane=0D=0ABcc=3A_${evil.replace('@', '=40')}?= <${inbox.customer}>`);
    const contact = (await inbox.api.get<Contact>(`contacts/${conversation.contact_id}`)).body;
    expect(contact.name).toBe(`Jane Bcc: ${evil}`);

    // A subject with CR/LF (written past the API) goes out as one line; text cannot end the SMTP data early.
    await suite.db().updateTable('conversations').set({ subject: `Hello\r\nBcc: ${evil}\r\nX-Injected: yes` }).where('id', '=', conversation.id).execute();
    await replyDueIn(inbox.api, conversation.id, 50, `First line\r\n.\r\nRCPT TO:<${evil}>\r\nSecond line`);
    const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer));
    expect(mail.subject).toBe(`Re: Hello Bcc: ${evil} X-Injected: yes`);
    expect(mail.headers.has('x-injected')).toBe(false);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.envelope.to).toEqual([inbox.customer]);
    expect(mail.text).toContain(`RCPT TO:<${evil}>`);

    // An address with CR/LF (written past the API) fails the delivery instead of adding a recipient.
    const second = await openConversation(suite, inbox, `other-${uid()}@customer.example`);
    await suite.db().updateTable('contacts').set({ email: `victim@customer.example\r\nBcc: ${evil}` }).where('id', '=', second.contact_id).execute();
    const refused = await replyDueIn(inbox.api, second.id, 50, 'Should never leave.');
    await expect.poll(async () => (await messageOf(inbox, second.id, refused.body.message.id))?.status, POLL).toBe('FAILED');
    expect((await messageOf(inbox, second.id, refused.body.message.id))?.delivery_error).toBe(
      `Cannot send to "victim@customer.example\\r\\nBcc: ${evil}": it is not a valid email address.`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(suite.mail.messages.filter((received) => received.envelope.to.includes(evil) || received.to.includes(evil))).toEqual([]);
    expect((await inbox.api.post(`conversations/${second.id}/recipients`, { email: `a@b.example\r\nBcc: ${evil}` })).status).toBe(400);
  });
});
