import { it } from 'vitest';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Conversation, Message } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { verifyDkim } from '../support/dkim-verify';
import { conversationWithSubject, dkimKeyOf, replyDueIn, sendEmail, signUpWithChannel, threadOf, type EmailInbox, type EmailSuite, useEmailSuite } from './email-fixtures';
import { describeEachDatabase, uid, sharedDnsServer } from './server-suite';

const POLL = { timeout: 10_000 };

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

/** A conversation opened by the inbox's customer with a formatted message and a file. */
async function openConversation(suite: EmailSuite, inbox: EmailInbox): Promise<Conversation> {
  const subject = `Forward ${uid()}`;
  await sendEmail(suite.server, {
    envelope: { from: inbox.customer, to: inbox.address },
    from: `Jane Doe <${inbox.customer}>`,
    to: inbox.address,
    subject,
    text: 'My invoice is wrong.',
    html: '<p>My invoice is <b>wrong</b>.</p><script>alert(1)</script>',
    attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 the invoice') }],
  });
  return conversationWithSubject(inbox.api, subject);
}

describeEachDatabase('forwarding by email', (database) => {
  const suite = useEmailSuite(database, dns);

  it('forwards the whole conversation quoted, with its files, signed, and leaves a note in the thread', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    await replyDueIn(inbox.api, conversation.id, 50, 'We are looking into it.');
    await expect.poll(async () => (await threadOf(inbox.api, conversation.id)).find((m) => m.agent_id !== null && m.type === 'MESSAGE')?.status, POLL).toBe('SENT');
    await suite.mail.waitFor((mail) => mail.to.includes(inbox.customer));

    const accountant = `accounts-${uid()}@finance.example`;
    const headers = mutation();
    const body = { to: [accountant, `Boss-${uid()}@Finance.example`], note: 'Can you check this invoice?' };
    const forwarded = await inbox.api.post<Message>(`conversations/${conversation.id}/forward`, body, { headers });
    expect(forwarded.status).toBe(201);
    expect(forwarded.body).toMatchObject({ type: 'NOTE', conversation_id: conversation.id, status: 'SENT' });
    expect(forwarded.body.message).toBe(`Conversation forwarded to ${body.to.map((a) => a.toLowerCase()).join(', ')} by ${inbox.name}.\n\nCan you check this invoice?`);

    const mail = await suite.mail.waitFor((received) => received.to.includes(accountant));
    expect(mail.envelope.from).toBe(inbox.address);
    expect(mail.envelope.to).toEqual(body.to.map((a) => a.toLowerCase()));
    expect(mail.subject).toBe(`Fwd: ${conversation.subject}`);
    expect(mail.text).toContain('Can you check this invoice?');
    expect(mail.text).toContain('---------- Forwarded conversation ----------');
    expect(mail.text).toContain(`From: Jane Doe <${inbox.customer}>`);
    expect(mail.text).toContain('> My invoice is wrong.');
    expect(mail.text).toContain('> We are looking into it.');
    expect(mail.html).toContain('<b>wrong</b>');
    expect(mail.html).not.toContain('<script');
    expect(mail.attachments.map((file) => [file.filename, file.content.toString()])).toEqual([['invoice.pdf', '%PDF-1.4 the invoice']]);
    expect(verifyDkim(mail.raw, dkimKeyOf(inbox.channel))).toMatchObject({ domain: inbox.channel.domain.name, bodyHashMatches: true, signatureValid: true });

    // The trace reaches every client through the feed, and a repeat of the mutation sends nothing.
    const feed = await suite.db().selectFrom('changes').select(['col', 'action']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(feed).toEqual([{ col: 'messages', action: 'insert' }]);
    expect((await threadOf(inbox.api, conversation.id)).filter((m) => m.id === forwarded.body.id)).toHaveLength(1);
    const again = await inbox.api.post<Message>(`conversations/${conversation.id}/forward`, body, { headers });
    expect([again.status, again.body.id]).toEqual([201, forwarded.body.id]);
    const marker = `marker-${uid()}@finance.example`;
    await inbox.api.post(`conversations/${conversation.id}/forward`, { to: [marker], message_id: (await threadOf(inbox.api, conversation.id))[0]?.id });
    const next = await suite.mail.waitFor((received) => received.to.includes(marker) || received.to.includes(accountant));
    expect(next.to).toEqual([marker]);
  });

  it('forwards one message alone', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    await replyDueIn(inbox.api, conversation.id, 50, 'A reply that stays out of it.');
    const first = (await threadOf(inbox.api, conversation.id)).find((m) => m.contact_id !== null);
    const to = `it-${uid()}@example.org`;
    const forwarded = await inbox.api.post<Message>(`conversations/${conversation.id}/forward`, { to: [to], message_id: first?.id });
    expect(forwarded.status).toBe(201);
    expect(forwarded.body.message).toBe(`Message forwarded to ${to} by ${inbox.name}.`);
    const mail = await suite.mail.waitFor((received) => received.to.includes(to));
    expect(mail.text).toContain('---------- Forwarded message ----------');
    expect(mail.text).toContain('> My invoice is wrong.');
    expect(mail.text).not.toContain('A reply that stays out of it.');
  });

  it("refuses bad input with 400 and another organization's conversation with 404", async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    const path = `conversations/${conversation.id}/forward`;
    expect((await inbox.api.post(path, { to: [] })).body).toEqual({ errors: { to: 'needs at least one address' } });
    expect((await inbox.api.post(path, { to: ['a@b.example\r\nBcc: evil@evil.example'] })).status).toBe(400);
    expect((await inbox.api.post(path, { to: ['Jane <jane@example.com>'] })).status).toBe(400);
    expect((await inbox.api.post(path, { to: ['x@y.example'], note: 'bell\u0007' })).status).toBe(400);
    const note = await inbox.api.post<Message>(`conversations/${conversation.id}/notes`, { message: 'Internal only' });
    const refused = await inbox.api.post(path, { to: ['x@y.example'], message_id: note.body.id });
    expect([refused.status, refused.body]).toEqual([400, { errors: { message_id: 'is not a message of this conversation' } }]);

    const stranger = await signUpWithChannel(suite);
    const theirs = await stranger.api.post(path, { to: ['x@y.example'] });
    const missing = await stranger.api.post(`conversations/999999999/forward`, { to: ['x@y.example'] });
    expect([theirs.status, theirs.body]).toEqual([missing.status, missing.body]);
    expect(theirs.status).toBe(404);
    expect((await threadOf(inbox.api, conversation.id)).filter((m) => m.type === 'NOTE')).toHaveLength(1);
  });
});
