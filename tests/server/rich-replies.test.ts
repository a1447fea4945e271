import { it } from 'vitest';
import type { AccountResponse } from '../../src/protocol/api/models';
import type { UploadedAttachment } from '../../src/protocol/api/channels';
import type { Conversation, Message } from '../../src/protocol/documents';
import { conversationWithSubject, sendEmail, signUpWithChannel, threadOf, useEmailSuite, type EmailInbox, type EmailSuite } from './email-fixtures';
import { describeEachDatabase, uid, sharedDnsServer } from './server-suite';

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

/** The smallest PNG there is (1×1, transparent). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function openConversation(suite: EmailSuite, inbox: EmailInbox): Promise<Conversation> {
  const subject = `Rich ${uid()}`;
  await sendEmail(suite.server, {
    envelope: { from: inbox.customer, to: inbox.address },
    raw: `From: ${inbox.customer}\r\nTo: ${inbox.address}\r\nSubject: ${subject}\r\nMessage-ID: <${uid()}@customer.example>\r\n\r\nHello.\r\n`,
  });
  return conversationWithSubject(inbox.api, subject);
}

async function upload(suite: EmailSuite, inbox: EmailInbox, name: string, type: string, bytes: Buffer): Promise<UploadedAttachment> {
  const response = await fetch(`${suite.server.url}/api/attachments/?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inbox.session.token}`, 'content-type': type },
    body: new Uint8Array(bytes),
  });
  if (response.status !== 201) throw new Error(`Upload failed: ${response.status}`);
  return (await response.json()) as UploadedAttachment;
}

describeEachDatabase('formatted replies, copies and notes with files', (database) => {
  const suite = useEmailSuite(database, dns);

  it('a formatted reply goes out as text and sanitised HTML, its pasted image inline, to its CC openly and its BCC only in the envelope', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    const image = await upload(suite, inbox, 'screenshot.png', 'image/png', PNG);
    const copy = `boss-${uid()}@customer.example`;
    const blind = `audit-${uid()}@elsewhere.example`;

    const sent = await inbox.api.post<{ message: Message }>(`conversations/${conversation.id}/reply`, {
      message: 'Hello Jane,\n\nSee the screenshot.',
      source: 'EMAIL',
      sent_at: Date.now() - 9_900,
      html: `<p>Hello <strong>Jane</strong>,</p><p>See the <a href="https://example.com/help" onclick="steal()">screenshot</a>.</p><img src="cid:attachment-${image.id}"><img src="cid:attachment-999999"><script>alert(1)</script>`,
      attachments: [image.id],
      cc: [copy.toUpperCase()],
      bcc: [blind],
    });
    expect(sent.status).toBe(201);
    const stored = sent.body.message;
    expect(stored.cc).toEqual([copy]);
    expect(stored.bcc).toEqual([blind]);
    expect(stored.html).toContain('<strong>Jane</strong>');
    expect(stored.html).toContain(`data-src="${image.url}"`);
    expect(stored.html).not.toMatch(/script|onclick|999999/);

    const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer), 15_000);
    expect(mail.text.trim()).toBe('Hello Jane,\n\nSee the screenshot.');
    expect(mail.html).toContain('<strong>Jane</strong>');
    expect(mail.html).toContain('href="https://example.com/help"');
    expect(mail.html).not.toMatch(/script|onclick/);
    expect(mail.cc).toEqual([copy]);
    expect(mail.headers.has('bcc')).toBe(false);
    expect([...mail.envelope.to].sort()).toEqual([inbox.customer, copy, blind].sort());
    // The pasted image is a part of the mail, referenced from the HTML by its Content-ID.
    const part = mail.attachments.find((attachment) => attachment.filename === 'screenshot.png');
    expect(part?.content.equals(PNG)).toBe(true);
    expect(mail.raw.toString()).toMatch(new RegExp(`Content-ID: <attachment-${image.id}@inline\\.invalid>`, 'i'));

    const thread = await threadOf(inbox.api, conversation.id);
    expect(thread.find((message) => message.id === stored.id)?.bcc).toEqual([blind]);
  });

  it('formatting and copies are refused on a chat reply, and a bad copy address is a clean 400', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    const chat = await inbox.api.post(`conversations/${conversation.id}/reply`, { message: 'Hi', source: 'CHAT', html: '<p>Hi</p>' });
    expect([chat.status, chat.body]).toEqual([400, { errors: { html: 'is only for email replies' } }]);
    const badCopy = await inbox.api.post(`conversations/${conversation.id}/reply`, { message: 'Hi', source: 'EMAIL', cc: ['Jane <jane@example.com>'] });
    expect(badCopy.status).toBe(400);
    expect(badCopy.body).toMatchObject({ errors: { 'cc.0': 'must be a plain address, without a name' } });
    const tooMany = await inbox.api.post(`conversations/${conversation.id}/reply`, {
      message: 'Hi',
      source: 'EMAIL',
      bcc: Array.from({ length: 21 }, (_, index) => `a${index}@example.com`),
    });
    expect([tooMany.status, tooMany.body]).toEqual([400, { errors: { bcc: 'must have at most 20 addresses' } }]);
    expect((await threadOf(inbox.api, conversation.id)).filter((message) => message.agent_id !== null)).toEqual([]);
  });

  it('a note keeps its uploaded files, which never go out, and another organization cannot use them', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    const file = await upload(suite, inbox, 'logs.txt', 'text/plain', Buffer.from(`log ${uid()}`));

    const stranger = await signUpWithChannel(suite);
    const theirs = await openConversation(suite, stranger);
    const stolen = await stranger.api.post(`conversations/${theirs.id}/notes`, { message: 'Mine', attachments: [file.id] });
    expect([stolen.status, stolen.body]).toEqual([400, { errors: { attachments: 'names a file that was not uploaded or is already sent' } }]);

    const note = await inbox.api.post<Message>(`conversations/${conversation.id}/notes`, { message: 'Logs attached.', attachments: [file.id] });
    expect(note.status).toBe(201);
    expect(note.body.attachments).toEqual([{ name: 'logs.txt', size: file.size, type: 'text/plain', url: file.url }]);
    const download = await fetch(`${suite.server.url}${file.url}`, { headers: { authorization: `Bearer ${inbox.session.token}` } });
    expect(download.status).toBe(200);
    const again = await inbox.api.post(`conversations/${conversation.id}/notes`, { message: 'Twice', attachments: [file.id] });
    expect(again.status).toBe(400);
  });

  it("an agent's signature is kept with their account, trimmed, and refused with control characters", async ({ expect }) => {
    const owner = await suite.signUp();
    expect((await owner.api.get<AccountResponse>('account')).body.agent.signature).toBe('');
    const saved = await owner.api.patch<AccountResponse>('account', { signature: '  Ana Lima\nSupport, Acme  ' });
    expect([saved.status, saved.body.agent.signature]).toEqual([200, 'Ana Lima\nSupport, Acme']);
    expect((await owner.api.get<AccountResponse>('account')).body.agent.signature).toBe('Ana Lima\nSupport, Acme');
    const bad = await owner.api.patch('account', { signature: 'Ana\u0000' });
    expect([bad.status, bad.body]).toEqual([400, { errors: { signature: 'must not contain control characters' } }]);
    const long = await owner.api.patch('account', { signature: 'x'.repeat(2001) });
    expect([long.status, long.body]).toEqual([400, { errors: { signature: 'must be at most 2000 characters' } }]);
  });
});
