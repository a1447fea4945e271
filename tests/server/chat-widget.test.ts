import { expect, it, vi } from 'vitest';
import type { ChatSettings } from '../../src/protocol/api/chat-settings';
import type { Session } from '../../src/protocol/api/models';
import type { Contact, Conversation, Message } from '../../src/protocol/documents';
import { WIDGET_CLOSE_CODES, WIDGET_LIMITS, type WidgetConfig, type WidgetMessage } from '../../src/protocol/widget';
import { DEMO_PASSWORD } from '../../src/server/seed/seed-organization';
import { openStream, type StreamConnection, type StreamFrame } from '../support/stream-client';
import { openWidget, type WidgetConnection, type WidgetFrame } from '../support/widget-client';
import { describeEachDatabase, uid, useServerSuite, type ServerSuite, type SignedUp } from './server-suite';
import { seedInto } from './sync-fixtures';

const CHAT_ON = { enabled: true, color: '#0f766e', greeting: 'Hello! Ask us anything.' };

/** An organization whose chat widget is on, and an address of its own for the widget's limits. */
async function chatOrganization(suite: ServerSuite): Promise<SignedUp & { ip: string }> {
  const owner = await suite.signUp();
  const saved = await owner.api.request<ChatSettings>('PUT', 'organization/chat', { body: CHAT_ON });
  if (saved.status !== 200) throw new Error(`Saving chat settings failed: ${saved.status} ${saved.text}`);
  return { ...owner, ip: `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
}

async function agentStream(suite: ServerSuite, token: string): Promise<StreamConnection> {
  const stream = openStream(suite.server.url, { token, init: true });
  await stream.untilReady();
  return stream;
}

/** Resolves once the server answered a PING sent now: every frame it sent before has arrived. */
async function flush(socket: StreamConnection | WidgetConnection): Promise<void> {
  socket.send('PING');
  await socket.next((frame) => ('text' in frame ? frame.text : undefined) === 'PONG');
}

const documentOf = <T>(frame: StreamFrame) => frame.document as T;
const inserted = (col: string) => (frame: StreamFrame) => frame.action === 'insert' && frame.col === col;
const messageFrame = (frame: WidgetFrame): frame is Extract<WidgetFrame, { action: 'message' }> => frame.action === 'message';

async function sendAndWait(widget: WidgetConnection, text: string, clientId = `c-${uid()}${uid()}`) {
  widget.send({ action: 'send', client_id: clientId, text });
  const frame = await widget.next((candidate) => (candidate.action === 'sent' || candidate.action === 'error') && 'client_id' in candidate && candidate.client_id === clientId);
  if (frame.action !== 'sent') throw new Error(`Not sent: ${JSON.stringify(frame)}`);
  return frame.message;
}

describeEachDatabase('chat widget', (database) => {
  const suite = useServerSuite(database);

  it('the settings start off, are validated, need channel.* to change, and give the widget its public config', async () => {
    const owner = await suite.signUp();
    expect((await owner.api.get<ChatSettings>('organization/chat')).body).toMatchObject({ enabled: false, updated_at: null });

    const bad = await owner.api.request('PUT', 'organization/chat', { body: { enabled: true, color: 'red;background:url(x)', greeting: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: { color: 'must be a colour like #5b5bd6', greeting: 'is required' } });

    // Off: the widget finds nothing, exactly like an organization that does not exist.
    const off = await suite.client().get(`/widget/config?org=${owner.domain}`);
    const missing = await suite.client().get(`/widget/config?org=no-such-${uid()}`);
    expect([off.status, missing.status]).toEqual([404, 404]);
    expect(off.body).toEqual(missing.body);

    const saved = await owner.api.request<ChatSettings>('PUT', 'organization/chat', { body: { ...CHAT_ON, color: '#0F766E' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, color: '#0f766e', greeting: CHAT_ON.greeting });

    const config = await suite.client().get<WidgetConfig>(`/widget/config?org=${owner.domain}`, { headers: { origin: 'https://shop.example.com' } });
    expect(config.status).toBe(200);
    expect(config.headers.get('access-control-allow-origin')).toBe('*');
    expect(config.body).toEqual({ name: expect.any(String) as string, color: '#0f766e', greeting: CHAT_ON.greeting });

    await seedInto(suite.server, owner.domain, 1, 1);
    const login = await suite.client().post<Session>('auth/login', { email: `alex@${owner.domain}.example`, password: DEMO_PASSWORD, domain: owner.domain });
    const teammate = suite.client(login.body.token);
    expect((await teammate.get<ChatSettings>('organization/chat')).body.enabled).toBe(true);
    expect((await teammate.request('PUT', 'organization/chat', { body: { ...CHAT_ON, enabled: false } })).status).toBe(403);
  });

  it("a visitor's first message creates a chat conversation that reaches the agents live, with the visitor live", async () => {
    const org = await chatOrganization(suite);
    const agent = await agentStream(suite, org.session.token);
    const widget = openWidget(suite.server.url, { org: org.domain, ip: org.ip });
    const ready = await widget.ready();
    expect(ready.messages).toEqual([]);
    expect(ready.visitor).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const sent = await sendAndWait(widget, 'Hi! Where is my order #1234?', 'first-message-1');
    expect(sent).toMatchObject({ from: 'visitor', text: 'Hi! Where is my order #1234?', client_id: 'first-message-1', author: null });

    const contact = documentOf<Contact>(await agent.next(inserted('contacts')));
    const conversation = documentOf<Conversation>(await agent.next(inserted('conversations')));
    const message = documentOf<Message>(await agent.next(inserted('messages')));
    expect(contact.name).toMatch(/^Visitor \d{4}$/);
    expect(conversation).toMatchObject({ channel: 'CHAT', contact_id: contact.id, status: 'OPENED', is_unread: true, subject: 'Hi! Where is my order #1234?' });
    expect(message).toMatchObject({ id: sent.id, conversation_id: conversation.id, status: 'RECEIVED', source: 'CHAT', contact_id: contact.id, agent_id: null });
    // Presence goes straight to the sockets, the documents through the feed: either may come first.
    await vi.waitFor(() => expect(agent.frames).toContainEqual({ action: 'live', col: 'contacts', document: { id: contact.id } }), { timeout: 5_000 });

    // The conversation is in the default inbox of every agent.
    const inbox = await org.api.get<{ conversations: Conversation[] }>('conversations/');
    expect(inbox.body.conversations.map((c) => c.id)).toContain(conversation.id);

    await widget.close();
    expect(await agent.next((frame) => frame.col === 'contacts' && frame.action === 'left')).toMatchObject({ document: { id: contact.id } });
    await agent.close();
  });

  it("an agent's chat reply reaches the visitor at once and a note never does", async () => {
    const org = await chatOrganization(suite);
    const widget = openWidget(suite.server.url, { org: org.domain, ip: org.ip });
    await widget.ready();
    const first = await sendAndWait(widget, 'Can someone help me?');
    const conversationId = (await org.api.get<{ conversations: Conversation[] }>('conversations/')).body.conversations[0]?.id ?? 0;

    const note = await org.api.post(`conversations/${conversationId}/notes`, { message: 'Internal: this customer is a VIP' });
    expect(note.status).toBe(201);
    const pressed = Date.now();
    const reply = await org.api.post<{ message: Message }>(`conversations/${conversationId}/reply`, { message: 'Of course! What do you need?', source: 'CHAT' });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toMatchObject({ status: 'SENT', delay: 0 });

    // Well within the 10 s an email reply is held: a chat reply is never held.
    // The visitor's own message comes back too (for their other tabs): the agent's is the next from an agent.
    const received = await widget.next((frame) => messageFrame(frame) && frame.message.from === 'agent', 5_000);
    expect(Date.now() - pressed).toBeLessThan(5_000);
    expect(received).toEqual({
      action: 'message',
      message: { id: reply.body.message.id, from: 'agent', text: 'Of course! What do you need?', at: expect.any(Number) as number, author: org.name, client_id: null },
    });
    await flush(widget);
    expect(JSON.stringify(widget.frames)).not.toContain('VIP');

    // The history a reload gets has both messages, and never the note.
    const again = openWidget(suite.server.url, { org: org.domain, ip: org.ip, visitor: (widget.frames[0] as { visitor: string }).visitor });
    const history = (await again.ready()).messages;
    expect(history.map((m: WidgetMessage) => [m.id, m.from])).toEqual([
      [first.id, 'visitor'],
      [reply.body.message.id, 'agent'],
    ]);
    await Promise.all([widget.close(), again.close()]);
  });

  it('the visitor token resumes the conversation across reloads, and a second tab hears the first', async () => {
    const org = await chatOrganization(suite);
    const first = openWidget(suite.server.url, { org: org.domain, ip: org.ip });
    const { visitor } = await first.ready();
    const hello = await sendAndWait(first, 'Hello from the first page');
    await first.close();

    const tabA = openWidget(suite.server.url, { org: org.domain, ip: org.ip, visitor });
    const tabB = openWidget(suite.server.url, { org: org.domain, ip: org.ip, visitor });
    const readyA = await tabA.ready();
    await tabB.ready();
    expect(readyA.visitor).toBe(visitor);
    expect(readyA.messages.map((m) => m.text)).toEqual(['Hello from the first page']);

    const followUp = await sendAndWait(tabA, 'And a follow-up from the next page');
    expect(await tabB.next(messageFrame)).toMatchObject({ message: { id: followUp.id, from: 'visitor', text: 'And a follow-up from the next page' } });

    // A retry of a message already stored (after a lost answer) is not stored twice.
    const retried = await sendAndWait(tabA, 'And a follow-up from the next page', followUp.client_id ?? '');
    expect(retried.id).toBe(followUp.id);

    const { conversations } = (await org.api.get<{ conversations: Conversation[] }>('conversations/')).body;
    expect(conversations.filter((c) => c.channel === 'CHAT')).toHaveLength(1);
    const messages = (await org.api.get<{ messages: Message[] }>(`conversations/${conversations[0]?.id ?? 0}/messages/`)).body.messages;
    expect(messages.map((m) => m.id)).toEqual([hello.id, followUp.id]);

    // A token the server never issued is replaced, and sees nothing.
    const stranger = openWidget(suite.server.url, { org: org.domain, ip: org.ip, visitor: 'x'.repeat(43) });
    const strangerReady = await stranger.ready();
    expect(strangerReady.visitor).not.toBe('x'.repeat(43));
    expect(strangerReady.messages).toEqual([]);
    await Promise.all([tabA.close(), tabB.close(), stranger.close()]);
  });

  it("another organization's visitors and agents never see this one's chats", async () => {
    const orgA = await chatOrganization(suite);
    const orgB = await chatOrganization(suite);
    const agentB = await agentStream(suite, orgB.session.token);
    const widgetA = openWidget(suite.server.url, { org: orgA.domain, ip: orgA.ip });
    const { visitor } = await widgetA.ready();
    await sendAndWait(widgetA, 'A secret for organization A');

    // A's visitor token means nothing to B: a new visitor with no history.
    const intoB = openWidget(suite.server.url, { org: orgB.domain, ip: orgB.ip, visitor });
    const readyB = await intoB.ready();
    expect(readyB.visitor).not.toBe(visitor);
    expect(readyB.messages).toEqual([]);

    await flush(agentB);
    expect(JSON.stringify(agentB.frames)).not.toContain('secret for organization A');
    expect(agentB.frames.filter((frame) => frame.col === 'contacts')).toEqual([]);
    expect((await orgB.api.get<{ conversations: Conversation[] }>('conversations/')).body.conversations).toEqual([]);
    await Promise.all([widgetA.close(), intoB.close(), agentB.close()]);
  });

  it('messages are limited per minute and in length, frames in size, and sockets per address', async () => {
    const org = await chatOrganization(suite);
    const widget = openWidget(suite.server.url, { org: org.domain, ip: org.ip });
    await widget.ready();

    widget.send({ action: 'send', client_id: 'too-long-1', text: 'x'.repeat(WIDGET_LIMITS.messageChars + 1) });
    expect(await widget.next((frame) => frame.action === 'error')).toEqual({
      action: 'error',
      code: 'too_long',
      error: 'Messages can be at most 5,000 characters.',
      client_id: 'too-long-1',
    });
    widget.send({ action: 'send', client_id: 'blank-msg-1', text: '   ' });
    expect(await widget.next((frame) => frame.action === 'error')).toMatchObject({ code: 'invalid', client_id: 'blank-msg-1' });
    widget.send('{"action":"send","client_id":"<bad>","text":"hi"}');
    expect(await widget.next((frame) => frame.action === 'error')).toMatchObject({ code: 'invalid' });

    // The long and the blank message counted (2 of 20); the malformed frame did not.
    for (let index = 0; index < WIDGET_LIMITS.messagesPerMinute - 2; index += 1) await sendAndWait(widget, `Message ${index}`);
    widget.send({ action: 'send', client_id: 'one-too-many', text: 'Are you there?' });
    expect(await widget.next((frame) => frame.action === 'error')).toEqual({
      action: 'error',
      code: 'rate_limited',
      error: 'You are sending messages too quickly. Please wait a minute.',
      client_id: 'one-too-many',
    });

    widget.send(JSON.stringify({ action: 'send', client_id: 'huge-frame', text: 'y'.repeat(WIDGET_LIMITS.frameBytes) }));
    expect(await widget.closed).toEqual({ code: WIDGET_CLOSE_CODES.frameTooLarge, reason: 'This message is too large to send.' });

    const ip = `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const sockets = Array.from({ length: WIDGET_LIMITS.openConnectionsPerIp }, () => openWidget(suite.server.url, { org: org.domain, ip }));
    await Promise.all(sockets.map((socket) => socket.ready()));
    const refused = openWidget(suite.server.url, { org: org.domain, ip });
    expect(await refused.closed).toEqual({ code: WIDGET_CLOSE_CODES.tooManyConnections, reason: expect.stringContaining('Too many chat windows') as string });
    await sockets[0]?.close();
    // A closed socket frees its place.
    const after = openWidget(suite.server.url, { org: org.domain, ip });
    await after.ready();
    await Promise.all([...sockets, after].map((socket) => socket.close()));
  });

  it('a widget that is off is refused, and switching it off closes the open ones', async () => {
    const owner = await suite.signUp();
    const refused = openWidget(suite.server.url, { org: owner.domain });
    expect(await refused.closed).toEqual({ code: WIDGET_CLOSE_CODES.unavailable, reason: 'The chat is not available right now.' });
    expect(refused.frames).toEqual([]);

    await owner.api.request('PUT', 'organization/chat', { body: CHAT_ON });
    const open = openWidget(suite.server.url, { org: owner.domain });
    await open.ready();
    await owner.api.request('PUT', 'organization/chat', { body: { ...CHAT_ON, enabled: false } });
    expect((await open.closed).code).toBe(WIDGET_CLOSE_CODES.unavailable);
  });

  it("a returning visitor is live for agents while a widget is open, and their name and email reach the contact", async () => {
    const org = await chatOrganization(suite);
    const first = openWidget(suite.server.url, { org: org.domain, ip: org.ip });
    const { visitor } = await first.ready();
    await sendAndWait(first, 'Hi');
    await first.close();

    const agent = await agentStream(suite, org.session.token);
    const back = openWidget(suite.server.url, { org: org.domain, ip: org.ip, visitor });
    await back.ready();
    const live = await agent.next((frame) => frame.col === 'contacts' && frame.action === 'live');
    const contactId = (live.document as { id: number }).id;

    back.send({ action: 'identify', name: 'Ada <b>Lovelace</b>', email: 'ADA@example.com' });
    expect(await back.next((frame) => frame.action === 'profile')).toEqual({ action: 'profile', profile: { name: 'Ada <b>Lovelace</b>', email: 'ada@example.com' } });
    const updated = await agent.next((frame) => frame.col === 'contacts' && frame.action === 'update');
    expect(updated.document).toMatchObject({ id: contactId, name: 'Ada <b>Lovelace</b>', email: 'ada@example.com' });
    back.send({ action: 'identify', email: 'not an address' });
    expect(await back.next((frame) => frame.action === 'error')).toMatchObject({ code: 'invalid', error: 'Please enter a valid email address.' });

    // An agent who connects later is told who is live right after READY.
    const later = await agentStream(suite, org.session.token);
    expect(await later.next((frame) => frame.col === 'contacts' && frame.action === 'live')).toMatchObject({ document: { id: contactId } });

    await back.close();
    expect(await agent.next((frame) => frame.col === 'contacts' && frame.action === 'left')).toMatchObject({ document: { id: contactId } });
    await Promise.all([agent.close(), later.close()]);
  });

  it('a visitor blocked as spam can no longer write', async () => {
    const org = await chatOrganization(suite);
    const widget = openWidget(suite.server.url, { org: org.domain, ip: org.ip });
    await widget.ready();
    await sendAndWait(widget, 'Buy cheap watches');
    const conversationId = (await org.api.get<{ conversations: Conversation[] }>('conversations/')).body.conversations[0]?.id ?? 0;
    expect((await org.api.post(`conversations/${conversationId}/spam`, { block: true })).status).toBe(200);

    widget.send({ action: 'send', client_id: 'spam-again-1', text: 'Buy more watches' });
    expect(await widget.next((frame) => frame.action === 'error')).toMatchObject({ code: 'blocked', client_id: 'spam-again-1' });
    const messages = (await org.api.get<{ messages: Message[] }>(`conversations/${conversationId}/messages/`)).body.messages;
    expect(messages.map((m) => m.message)).toEqual(['Buy cheap watches']);
    await widget.close();
  });
});
