import { it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import type { EmailChannel } from '../../src/protocol/api/channels';
import type { Session } from '../../src/protocol/api/models';
import type { Conversation, Message } from '../../src/protocol/documents';
import { replyBlockerReason } from '../../src/protocol/reply-delivery';
import { DEMO_PASSWORD, seedOrganization } from '../../src/server/seed/seed-organization';
import { proveDomain } from '../support/prove-domain';
import { openServerDatabaseHandle } from '../support/server-database';
import { openStream } from '../support/stream-client';
import { replyDueIn, threadOf, useEmailSuite, type EmailSuite } from './email-fixtures';
import { describeEachDatabase, uid, type SignedUp, sharedDnsServer } from './server-suite';

/** Server work under a loaded machine: give each condition time before failing. */
const POLL = { timeout: 15_000 };

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

const NO_ADDRESS = replyBlockerReason({ kind: 'NO_ADDRESS' });
const NO_RECIPIENT = replyBlockerReason({ kind: 'NO_RECIPIENT' });

type Seeded = SignedUp & { conversation: Conversation };

/** A new organization seeded like the demo (email conversations), with or without the seed's support address. */
async function seededOrganization(suite: EmailSuite, supportAddress: boolean): Promise<Seeded> {
  const owner = await suite.signUp();
  const handle = openServerDatabaseHandle(suite.server);
  try {
    await seedOrganization(handle, { org: owner.domain, conversations: 6, messagesPerConversation: 2, seed: Math.floor(Math.random() * 1e9), supportAddress });
  } finally {
    await handle.db.destroy();
  }
  const page = await owner.api.get<ConversationPage>('conversations/?limit=25');
  const conversation = page.body.conversations.find((entry) => entry.channel === 'EMAIL');
  if (!conversation) throw new Error('The seed made no email conversation');
  return { ...owner, conversation };
}

async function messageOf(owner: SignedUp, conversationId: number, id: string): Promise<Message | undefined> {
  return (await threadOf(owner.api, conversationId)).find((message) => message.id === id);
}

/** Every status the message's documents in the change feed carried, in order. */
async function feedStatuses(suite: EmailSuite, id: string): Promise<string[]> {
  const rows = await suite.db().selectFrom('changes').select('doc').where('doc_id', '=', id).orderBy('seq').execute();
  return rows.map((row) => (JSON.parse(row.doc) as Message).status);
}

async function contactAddress(suite: EmailSuite, conversation: Conversation): Promise<string> {
  const contact = await suite.db().selectFrom('contacts').select('email').where('id', '=', conversation.contact_id).executeTakeFirstOrThrow();
  if (!contact.email) throw new Error('The seeded contact has no address');
  return contact.email;
}

describeEachDatabase('replies that cannot be delivered', (database) => {
  const suite = useEmailSuite(database, dns);

  it('a reply in an organization without a support address is not delivered, says why, and is never marked sent', async ({ expect }) => {
    const owner = await seededOrganization(suite, false);
    const customer = await contactAddress(suite, owner.conversation);
    const reply = await replyDueIn(owner.api, owner.conversation.id, 50, 'Nobody can send this yet.');
    expect(reply.status).toBe(201);
    const id = reply.body.message.id;
    await expect.poll(async () => (await messageOf(owner, owner.conversation.id, id))?.status, POLL).toBe('FAILED');
    expect((await messageOf(owner, owner.conversation.id, id))?.delivery_error).toBe(NO_ADDRESS);
    expect(await feedStatuses(suite, id)).toEqual(['PENDING', 'FAILED']);
    expect(suite.mail.messages.filter((mail) => mail.envelope.to.includes(customer))).toEqual([]);
  });

  it('a reply from an address whose domain is not proven is not delivered and says which domain', async ({ expect }) => {
    const owner = await suite.signUp();
    const domain = `unproven-${uid()}.example`;
    expect((await owner.api.post<EmailChannel>('organization/channels', { email: `help@${domain}` })).status).toBe(201);
    const handle = openServerDatabaseHandle(suite.server);
    try {
      // The seed keeps an organization's own address (unproven here) rather than adding its own.
      await seedOrganization(handle, { org: owner.domain, conversations: 4, messagesPerConversation: 2, seed: Math.floor(Math.random() * 1e9) });
    } finally {
      await handle.db.destroy();
    }
    const page = await owner.api.get<ConversationPage>('conversations/?limit=25');
    const conversation = page.body.conversations.find((entry) => entry.channel === 'EMAIL');
    if (!conversation) throw new Error('No email conversation');
    const reply = await replyDueIn(owner.api, conversation.id, 50, 'Not from an unproven domain.');
    const id = reply.body.message.id;
    await expect.poll(async () => (await messageOf(owner, conversation.id, id))?.status, POLL).toBe('FAILED');
    expect((await messageOf(owner, conversation.id, id))?.delivery_error).toBe(replyBlockerReason({ kind: 'UNVERIFIED', email: `help@${domain}`, domain }));
    expect(await feedStatuses(suite, id)).not.toContain('SENT');
  });

  it('a reply to a customer without an address is not delivered; the agent adds the address, retries, and it goes out', async ({ expect }) => {
    const owner = await seededOrganization(suite, true);
    const { conversation } = owner;
    const customer = await contactAddress(suite, conversation);
    await suite.db().updateTable('contacts').set({ email: null }).where('id', '=', conversation.contact_id).execute();
    await suite.db().updateTable('conversations').set({ recipients: '[]' }).where('id', '=', conversation.id).execute();
    const socket = openStream(suite.server.url, { token: owner.session.token, init: true });
    await socket.untilReady();
    const reply = await replyDueIn(owner.api, conversation.id, 50, `Your refund is on its way ${uid()}.`);
    const id = reply.body.message.id;
    const failed = await socket.next((frame) => frame.col === 'messages' && frame.document?.id === id && frame.document.status === 'FAILED', 15_000);
    expect(failed.document).toMatchObject({ status: 'FAILED', delivery_error: NO_RECIPIENT, deliver_at: null });

    // Retried while the cause is still there: refused with the reason, the reply stays as it is.
    const early = await owner.api.post(`conversations/${conversation.id}/messages/${id}/retry`);
    expect([early.status, early.body]).toEqual([409, { error: NO_RECIPIENT }]);
    expect((await messageOf(owner, conversation.id, id))?.status).toBe('FAILED');

    expect((await owner.api.patch(`contacts/${conversation.contact_id}`, { email: customer })).status).toBe(200);
    const retried = await owner.api.post<Message>(`conversations/${conversation.id}/messages/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id, status: 'PENDING', delivery_error: null });
    const mail = await suite.mail.waitFor((received) => received.to.includes(customer), 15_000);
    expect(mail.text).toContain('Your refund is on its way');
    expect(mail.envelope.from).toBe(`support@${owner.domain}.example`);
    await socket.next((frame) => frame.col === 'messages' && frame.document?.id === id && frame.document.status === 'SENT', 15_000);
    await socket.close();
    expect(await feedStatuses(suite, id)).toEqual(['PENDING', 'FAILED', 'PENDING', 'SENT']);

    // A retry of a reply that went out meanwhile (another tab) answers it as it is.
    const again = await owner.api.post<Message>(`conversations/${conversation.id}/messages/${id}/retry`);
    expect([again.status, again.body.status]).toEqual([200, 'SENT']);
  });

  it('after a support address is added and proven, a retry delivers the reply from it', async ({ expect }) => {
    const owner = await seededOrganization(suite, false);
    const customer = await contactAddress(suite, owner.conversation);
    const reply = await replyDueIn(owner.api, owner.conversation.id, 50, 'Sent at last.');
    const id = reply.body.message.id;
    await expect.poll(async () => (await messageOf(owner, owner.conversation.id, id))?.status, POLL).toBe('FAILED');
    const address = `hello-${uid()}@proven-${uid()}.example`;
    const added = await owner.api.post<EmailChannel>('organization/channels', { email: address });
    await proveDomain(owner.api, dns, added.body);
    expect((await owner.api.post(`conversations/${owner.conversation.id}/messages/${id}/retry`)).status).toBe(200);
    const mail = await suite.mail.waitFor((received) => received.to.includes(customer), 15_000);
    expect(mail.envelope.from).toBe(address);
    await expect.poll(async () => (await messageOf(owner, owner.conversation.id, id))?.status, POLL).toBe('SENT');
  });

  it('only its author retries a reply, only a reply that was not delivered, and only in their own organization', async ({ expect }) => {
    const owner = await seededOrganization(suite, false);
    const { conversation } = owner;
    const reply = await replyDueIn(owner.api, conversation.id, 50, 'Mine to retry.');
    const id = reply.body.message.id;
    await expect.poll(async () => (await messageOf(owner, conversation.id, id))?.status, POLL).toBe('FAILED');
    const retry = async (path: string, api = owner.api) => {
      const answer = await api.post(`conversations/${path}/retry`);
      return [answer.status, answer.body];
    };

    const login = await suite.client().post<Session>('auth/login', { email: `alex@${owner.domain}.example`, password: DEMO_PASSWORD, domain: owner.domain });
    const alex = suite.client(login.body.token);
    expect(await retry(`${conversation.id}/messages/${id}`, alex)).toEqual([403, { error: API_ERRORS.notYourRetry }]);

    const stranger = await suite.signUp();
    expect((await retry(`${conversation.id}/messages/${id}`, stranger.api))[0]).toBe(404);
    const note = await owner.api.post<Message>(`conversations/${conversation.id}/notes`, { message: 'A note' });
    expect(await retry(`${conversation.id}/messages/${note.body.id}`)).toEqual([400, { error: API_ERRORS.notRetryable }]);
    expect((await retry(`${conversation.id}/messages/m-999999999`))[0]).toBe(404);
    expect((await retry(`${conversation.id}/messages/${encodeURIComponent('m-1\u0000')}`))[0]).toBe(400);
    expect((await retry(`999999999/messages/${id}`))[0]).toBe(404);

    const held = await replyDueIn(owner.api, conversation.id, 60_000, 'Taken back.');
    expect((await owner.api.post(`conversations/${conversation.id}/messages/${held.body.message.id}/undo`)).status).toBe(200);
    expect(await retry(`${conversation.id}/messages/${held.body.message.id}`)).toEqual([409, { error: API_ERRORS.notRetryable }]);
    expect((await messageOf(owner, conversation.id, id))?.status).toBe('FAILED');
  });
});
