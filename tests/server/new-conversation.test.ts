import { it } from 'vitest';
import type { NewConversationResponse } from '../../src/protocol/api/conversation-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import { PENDING_MESSAGE_DELAY_S } from '../../src/protocol/constants';
import type { Contact } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { verifyDkim } from '../support/dkim-verify';
import { dkimKeyOf, sendEmail, signUpWithChannel, threadOf, useEmailSuite } from './email-fixtures';
import { describeEachDatabase, uid, sharedDnsServer } from './server-suite';

const POLL = { timeout: 15_000 };

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

describeEachDatabase('starting a conversation by email', (database) => {
  const suite = useEmailSuite(database, dns);

  it('writes to a new address: the contact is created, the conversation is mine, the mail leaves after its delay without "Re:", and the answer threads', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const to = `Lead-${uid()}@Prospect.example`;
    const headers = mutation();
    const body = {
      to,
      subject: 'Your trial ends Friday',
      message: 'Hello, your trial ends on Friday.',
      html: '<p>Hello, your trial ends on <b>Friday</b>.</p><script>alert(1)</script>',
      cc: [`boss-${uid()}@prospect.example`],
      target_id: 't-new-1',
      sent_at: Date.now() - PENDING_MESSAGE_DELAY_S * 1000 + 300,
    };
    const started = await inbox.api.post<NewConversationResponse>('conversations/', body, { headers });
    expect(started.status).toBe(201);
    const { conversation, message } = started.body;
    expect(conversation).toMatchObject({ subject: 'Your trial ends Friday', channel: 'EMAIL', status: 'OPENED', agent_id: inbox.session.agent.id, is_unread: false });
    expect(message).toMatchObject({ conversation_id: conversation.id, type: 'MESSAGE', status: 'PENDING', target_id: 't-new-1', agent_id: inbox.session.agent.id });
    const contact = (await inbox.api.get<Contact>(`contacts/${conversation.contact_id}`)).body;
    expect(contact.email).toBe(to.toLowerCase());

    // A repeat of the mutation creates nothing more.
    const again = await inbox.api.post<NewConversationResponse>('conversations/', body, { headers });
    expect([again.status, again.body.conversation.id, again.body.message.id]).toEqual([201, conversation.id, message.id]);
    const feed = await suite.db().selectFrom('changes').select(['col', 'action']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(feed.map((row) => `${row.col}:${row.action}`).sort()).toEqual(['contacts:insert', 'conversations:insert', 'messages:insert']);

    const mail = await suite.mail.waitFor((received) => received.to.includes(to.toLowerCase()), 15_000);
    expect(mail.subject).toBe('Your trial ends Friday');
    expect(mail.envelope.from).toBe(inbox.address);
    expect(mail.cc).toEqual(body.cc);
    expect(mail.html).toContain('<b>Friday</b>');
    expect(mail.html).not.toContain('<script');
    expect(verifyDkim(mail.raw, dkimKeyOf(inbox.channel))).toMatchObject({ signatureValid: true });
    await expect.poll(async () => (await threadOf(inbox.api, conversation.id))[0]?.status, POLL).toBe('SENT');

    // The customer's answer lands in the same conversation.
    await sendEmail(suite.server, {
      envelope: { from: to.toLowerCase(), to: inbox.address },
      from: to.toLowerCase(),
      to: inbox.address,
      subject: 'Re: Your trial ends Friday',
      text: 'Can I extend it?',
      inReplyTo: mail.messageId,
      references: [mail.messageId],
    });
    await expect.poll(async () => (await threadOf(inbox.api, conversation.id)).map((entry) => entry.message), POLL).toContain('Can I extend it?');
  });

  it('an existing contact keeps its record; an undo before the delay sends nothing', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const first = await inbox.api.post<NewConversationResponse>('conversations/', { to: inbox.customer, subject: 'One', message: 'First', sent_at: Date.now() - PENDING_MESSAGE_DELAY_S * 1000 + 300 });
    const second = await inbox.api.post<NewConversationResponse>('conversations/', { to: inbox.customer.toUpperCase(), subject: 'Two', message: 'Second' });
    expect(second.body.conversation.contact_id).toBe(first.body.conversation.contact_id);
    expect(second.body.conversation.id).not.toBe(first.body.conversation.id);
    const undone = await inbox.api.post(`conversations/${second.body.conversation.id}/messages/${second.body.message.id}/undo`);
    expect(undone.status).toBe(200);
    const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer), 20_000);
    expect(mail.subject).toBe('One');
    // The undone message's delivery job is cancelled before its time and never runs.
    const job = await suite.db().selectFrom('jobs').select(['cancelled_at', 'done_at']).where('ref', '=', second.body.message.id).executeTakeFirstOrThrow();
    expect(job.done_at).toBeNull();
    expect(job.cancelled_at).not.toBeNull();
    expect(suite.mail.messages.filter((received) => received.subject === 'Two')).toEqual([]);
  });

  it('refuses what cannot be sent with the reason: no verified address, a blocked contact, bad fields', async ({ expect }) => {
    const bare = await suite.signUp();
    const none = await bare.api.post<{ error: string }>('conversations/', { to: 'someone@example.com', subject: 'Hi', message: 'Hello' });
    expect([none.status, none.body.error]).toEqual([400, 'Add a support address on a verified domain under Settings → Email before writing to customers.']);

    const unproven = await suite.signUp();
    const address = `support-${uid()}@unproven-${uid()}.example`;
    await unproven.api.post('organization/channels', { email: address });
    const refused = await unproven.api.post<{ error: string }>('conversations/', { to: 'someone@example.com', subject: 'Hi', message: 'Hello' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^The domain unproven-.* is not verified/);

    const inbox = await signUpWithChannel(suite);
    const invalid = await inbox.api.post<{ errors: Record<string, string> }>('conversations/', { to: 'not an address', subject: ' ', message: '' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['message', 'subject', 'to']);
    const control = await inbox.api.post<{ errors: Record<string, string> }>('conversations/', { to: 'a@example.com', subject: 'A\u0007', message: 'Hello' });
    expect([control.status, Object.keys(control.body.errors)]).toEqual([400, ['subject']]);
    const foreign = await inbox.api.post<{ errors: Record<string, string> }>('conversations/', { to: 'a@example.com', subject: 'Hi', message: 'Hello', from: address });
    expect([foreign.status, foreign.body.errors]).toEqual([400, { from: 'is not a support address of this organization' }]);

    const started = await inbox.api.post<NewConversationResponse>('conversations/', { to: `spammer-${uid()}@example.com`, subject: 'Hi', message: 'Hello' });
    await inbox.api.post(`conversations/${started.body.conversation.id}/spam`, { block: true });
    const spammer = (await inbox.api.get<Contact>(`contacts/${started.body.conversation.contact_id}`)).body.email;
    const blocked = await inbox.api.post<{ error: string }>('conversations/', { to: spammer, subject: 'Again', message: 'Hello' });
    expect([blocked.status, blocked.body.error]).toEqual([400, 'This contact is blocked: unblock them under Settings → Blocked before writing to them.']);
  });
});
