import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../src/protocol/notifications/push-requests';
import { DEFAULT_NOTIFICATIONS, type NotificationSettings } from '../../src/protocol/notifications/notification-settings';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { DEMO_PASSWORD } from '../../src/server/seed/seed-organization';
import { draftIdFor } from '../../src/protocol/drafts';
import type { Message } from '../../src/protocol/documents';
import { createTestCertificate, startPushService, type PushService, type TestSubscription } from '../support/push-service';
import { openWidget } from '../support/widget-client';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { signUpTeam, type Member, type Team } from './sync-fixtures';

const CHAT_ON = { enabled: true, color: '#0f766e', greeting: 'Hello!' };
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const certificate = createTestCertificate();
afterAll(() => certificate.remove());

type Devices = Record<'owner' | 'alex' | 'sam', TestSubscription>;

describeEachDatabase('notifications', (database) => {
  const suite = useServerSuite(database, { NODE_EXTRA_CA_CERTS: certificate.certPath, JOB_POLL_MS: '100', NOTIFICATION_DIGEST_MS: '2000', PUSH_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService(certificate);
  });
  afterAll(async () => {
    expect(push.rejected).toEqual([]);
    await push.stop();
  });

  const api = (member: Member) => suite.client(member.token);

  /** signUpTeam, with its conversations assigned to nobody (the seed assigns some). */
  async function unassignedTeam(): Promise<Team> {
    const signed = await signUpTeam(suite);
    for (const id of signed.conversations) await api(signed.owner).post(`conversations/${id}/assign`, { agent_id: null });
    return signed;
  }
  const register = (member: Member, subscription: TestSubscription) =>
    api(member).post<NotificationsResponse>('account/notifications/register', subscription.json, { headers: { 'user-agent': CHROME_ANDROID } });

  /** A team whose three members each registered one device. */
  async function teamWithDevices(): Promise<Team & { devices: Devices }> {
    const signed = await unassignedTeam();
    const devices: Devices = { owner: push.subscribe(), alex: push.subscribe(), sam: push.subscribe() };
    for (const name of ['owner', 'alex', 'sam'] as const) expect((await register(signed[name], devices[name])).status).toBe(201);
    return { ...signed, devices };
  }

  /** Every notification job of the organization has run. */
  async function settled(orgDomain: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pending = await suite
        .db()
        .selectFrom('jobs')
        .innerJoin('organizations', 'organizations.id', 'jobs.org_id')
        .select('jobs.id')
        .where('organizations.slug', '=', orgDomain)
        .where('jobs.kind', 'in', ['push_notification', 'email_digest'])
        .where('jobs.done_at', 'is', null)
        .where('jobs.cancelled_at', 'is', null)
        .execute();
      if (pending.length === 0) return;
      if (Date.now() > deadline) throw new Error(`${pending.length} notification jobs still pending`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const pushesTo = (subscription: TestSubscription) => push.received.filter((entry) => entry.subscriptionId === subscription.id);

  it('keeps each agent’s settings: defaults for a new agent, a PUT round-trips, bad input is a clean 400', async () => {
    const owner = await suite.signUp();
    const initial = await owner.api.get<NotificationsResponse>('account/notifications');
    expect(initial.status).toBe(200);
    expect(initial.body.settings).toEqual(DEFAULT_NOTIFICATIONS);
    expect(initial.body.devices).toEqual([]);
    expect(initial.body.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);

    await owner.api.patch('account/', { custom_inboxes: [{ key: 'vip', name: 'VIP', query: 'tag:vip' }] });
    const chosen: NotificationSettings = {
      events: { ...DEFAULT_NOTIFICATIONS.events, new_conversation: { push: false, email: true }, mentioned: { push: true, email: false } },
      inbox: 'vip',
    };
    const saved = await owner.api.request<NotificationsResponse>('PUT', 'account/notifications', { body: chosen });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual(chosen);
    expect((await owner.api.get<NotificationsResponse>('account/notifications')).body.settings).toEqual(chosen);
    expect((await owner.api.get<{ agent: { notifications: unknown } }>('account/')).body.agent.notifications).toEqual(chosen);

    const put = (body: unknown) => owner.api.request<{ errors?: Record<string, string> }>('PUT', 'account/notifications', { body });
    const missing = await put({ events: { ...chosen.events, assigned: undefined }, inbox: null });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(['events.assigned']);
    expect((await put({ ...chosen, inbox: 'no-such-inbox' })).body.errors).toEqual({ inbox: 'is not one of your inboxes' });
    expect((await put({ ...chosen, inbox: 'vip\u0000' })).status).toBe(400);
    expect((await put({ ...chosen, events: { ...chosen.events, assigned: { push: 'yes', email: true } } })).status).toBe(400);
    expect((await put({ ...chosen, extra: 1 })).status).toBe(400);
    expect((await suite.client().get('account/notifications')).status).toBe(401);
    expect((await owner.api.get<NotificationsResponse>('account/notifications')).body.settings).toEqual(chosen);
  });

  it('registers a device once per endpoint, lists it, and unregisters it by endpoint or by id (never another agent’s)', async () => {
    const team = await signUpTeam(suite);
    const phone = push.subscribe();
    const laptop = push.subscribe();
    const first = await register(team.alex, phone);
    expect(first.status).toBe(201);
    expect(first.body.devices).toEqual([expect.objectContaining({ label: 'Chrome on Android', endpoint: phone.json.endpoint, last_push_at: null })]);
    expect((await register(team.alex, phone)).body.devices).toHaveLength(1);
    const both = await register(team.alex, laptop);
    expect(both.body.devices).toHaveLength(2);

    const bad = (body: unknown) => api(team.alex).post<{ errors?: Record<string, string> }>('account/notifications/register', body);
    expect((await bad({ ...phone.json, endpoint: phone.json.endpoint.replace('https:', 'http:') })).body.errors).toEqual({ endpoint: 'must be an https URL' });
    expect((await bad({ ...phone.json, keys: { p256dh: 'short', auth: phone.json.keys.auth } })).status).toBe(400);
    expect((await bad({ endpoint: phone.json.endpoint })).status).toBe(400);

    const laptopId = both.body.devices.find((device) => device.id !== first.body.devices[0]?.id)?.id ?? 0;
    expect((await api(team.sam).post('account/notifications/unregister', { device_id: laptopId })).status).toBe(404);
    const other = await suite.signUp();
    expect((await other.api.post('account/notifications/unregister', { device_id: laptopId })).status).toBe(404);
    const byId = await api(team.alex).post<NotificationsResponse>('account/notifications/unregister', { device_id: laptopId });
    expect(byId.body.devices.map((device) => device.id)).toEqual([first.body.devices[0]?.id]);
    const byEndpoint = await api(team.alex).post<NotificationsResponse>('account/notifications/unregister', { endpoint: phone.json.endpoint });
    expect(byEndpoint.status).toBe(200);
    expect(byEndpoint.body.devices).toEqual([]);
    expect((await api(team.alex).post('account/notifications/unregister', {})).status).toBe(400);
  });

  it('pushes an assignment to the assignee only, signed with the server’s VAPID key and encrypted for their device', async () => {
    const team = await teamWithDevices();
    const [conversation] = team.conversations;
    const vapidKey = (await api(team.alex).get<NotificationsResponse>('account/notifications')).body.vapid_public_key;

    expect((await api(team.owner).post(`conversations/${conversation}/assign`, { agent_id: team.alex.id })).status).toBe(200);
    const received = await push.waitFor((entry) => entry.subscriptionId === team.devices.alex.id);
    expect(received.vapidKey).toBe(vapidKey);
    expect(received.claims.aud).toBe(push.origin);
    expect(received.payload).toMatchObject({
      title: `${team.signedUp.name} assigned you a conversation`,
      event: 'assigned',
      slug: team.signedUp.domain,
      conversation_id: conversation,
      url: `/${team.signedUp.domain}/conversations/view/${conversation}`,
    });
    // Alex taking a conversation himself tells nobody; assigning the same agent again neither.
    await api(team.alex).post(`conversations/${team.conversations[1]}/assign`, { agent_id: team.alex.id });
    await api(team.owner).post(`conversations/${conversation}/assign`, { agent_id: team.alex.id });
    await settled(team.signedUp.domain);
    expect(pushesTo(team.devices.alex)).toEqual([]);
    expect(pushesTo(team.devices.owner)).toEqual([]);
    expect(pushesTo(team.devices.sam)).toEqual([]);
    const devices = (await api(team.alex).get<NotificationsResponse>('account/notifications')).body.devices;
    expect(devices[0]?.last_push_at).toEqual(expect.any(Number));
  });

  it('tells each mentioned teammate once, not the author, even when the note’s request is repeated', async () => {
    const team = await teamWithDevices();
    const [conversation] = team.conversations;
    const headers = { [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` };
    const body = { message: 'Can you check the refund?\n@Alex and @Sam', mentions: [team.alex.id, team.sam.id, team.owner.id, team.alex.id] };
    const created = await api(team.owner).post<Message>(`conversations/${conversation}/notes`, body, { headers });
    expect(created.status).toBe(201);
    expect(created.body.mentions).toEqual([team.alex.id, team.sam.id, team.owner.id]);
    const repeated = await api(team.owner).post<Message>(`conversations/${conversation}/notes`, body, { headers });
    expect(repeated.headers.get('x-mutation-replayed')).toBe('true');

    const toAlex = await push.waitFor((entry) => entry.subscriptionId === team.devices.alex.id);
    expect(toAlex.payload).toMatchObject({ title: `${team.signedUp.name} mentioned you`, event: 'mentioned' });
    expect(String(toAlex.payload.body)).toContain('Can you check the refund?');
    await push.waitFor((entry) => entry.subscriptionId === team.devices.sam.id);
    await settled(team.signedUp.domain);
    expect([...pushesTo(team.devices.alex), ...pushesTo(team.devices.sam), ...pushesTo(team.devices.owner)]).toEqual([]);

    const rows = await suite.db().selectFrom('notifications').select(['agent_id', 'channel']).where('event_key', '=', `mention:${created.body.id}`).execute();
    const pushRows = rows.filter((row) => row.channel === 'push').map((row) => row.agent_id);
    expect(pushRows.sort()).toEqual([team.alex.id, team.sam.id].sort());

    const stranger = await suite.signUp();
    const refused = await api(team.owner).post<{ errors?: Record<string, string> }>(`conversations/${conversation}/notes`, { message: 'Hi', mentions: [stranger.session.agent.id] });
    expect(refused.body.errors).toEqual({ mentions: 'names someone who is not an active teammate' });
  });

  it('an edited note tells only the teammates it mentions for the first time, and its mentions follow the text', async () => {
    const team = await teamWithDevices();
    const [conversation] = team.conversations;
    const created = await api(team.owner).post<Message>(`conversations/${conversation}/notes`, { message: 'Over to @Alex', mentions: [team.alex.id] });
    await push.waitFor((entry) => entry.subscriptionId === team.devices.alex.id);
    await settled(team.signedUp.domain);
    expect(pushesTo(team.devices.alex)).toEqual([]);

    const path = `conversations/${conversation}/notes/${created.body.id}`;
    const edited = await api(team.owner).patch<Message>(path, { message: 'Over to @Alex and @Sam, the refund is late', mentions: [team.alex.id, team.sam.id] });
    expect(edited.status).toBe(200);
    expect(edited.body.mentions).toEqual([team.alex.id, team.sam.id]);
    const toSam = await push.waitFor((entry) => entry.subscriptionId === team.devices.sam.id);
    expect(toSam.payload).toMatchObject({ title: `${team.signedUp.name} mentioned you`, event: 'mentioned' });
    expect(String(toSam.payload.body)).toContain('the refund is late');
    await settled(team.signedUp.domain);
    expect(pushesTo(team.devices.alex)).toEqual([]);
    expect(pushesTo(team.devices.sam)).toEqual([]);

    const dropped = await api(team.owner).patch<Message>(path, { message: 'Sam has it', mentions: [] });
    expect(dropped.body.mentions).toBeUndefined();
    const textOnly = await api(team.owner).patch<Message>(path, { message: 'Sam has it, thanks' });
    expect(textOnly.body.message).toBe('Sam has it, thanks');
    const stranger = await suite.signUp();
    const refused = await api(team.owner).patch<{ errors?: Record<string, string> }>(path, { message: 'Hi', mentions: [stranger.session.agent.id] });
    expect(refused.body.errors).toEqual({ mentions: 'names someone who is not an active teammate' });
  });

  it('tells a teammate a draft was shared with them, once', async () => {
    const team = await teamWithDevices();
    const [conversation = 0] = team.conversations;
    const draftId = draftIdFor(team.owner.id, conversation, 'REPLY');
    await api(team.owner).patch(`conversations/${conversation}/drafts/`, { draft_id: draftId, attributes: { message: 'Dear customer, about your order' } });
    expect((await api(team.owner).post(`conversations/${conversation}/drafts/share`, { draft_id: draftId, target_id: team.sam.id })).status).toBe(200);
    expect((await api(team.owner).post(`conversations/${conversation}/drafts/share`, { draft_id: draftId, target_id: team.sam.id })).status).toBe(200);
    const toSam = await push.waitFor((entry) => entry.subscriptionId === team.devices.sam.id);
    expect(toSam.payload).toMatchObject({ title: `${team.signedUp.name} shared a draft with you`, event: 'draft_shared' });
    expect(String(toSam.payload.body)).toContain('Dear customer, about your order');
    await settled(team.signedUp.domain);
    expect(pushesTo(team.devices.sam)).toEqual([]);
    expect(pushesTo(team.devices.alex)).toEqual([]);
  });

  it('tells every agent whose inbox holds a new conversation, and only the assignee of a customer’s reply', async () => {
    const team = await teamWithDevices();
    await api(team.owner).request('PUT', 'organization/chat', { body: CHAT_ON });
    // Sam watches a custom inbox the new chat is not in.
    await api(team.sam).patch('account/', { custom_inboxes: [{ key: 'email', name: 'Email', query: 'channel:email' }] });
    await api(team.sam).request('PUT', 'account/notifications', { body: { ...DEFAULT_NOTIFICATIONS, inbox: 'email' } });

    const widget = openWidget(suite.server.url, { org: team.signedUp.domain, ip: `10.251.${Math.floor(Math.random() * 250)}.7` });
    await widget.ready();
    const send = async (text: string) => {
      const clientId = `c-${uid()}${uid()}`;
      widget.send({ action: 'send', client_id: clientId, text });
      const frame = await widget.next((candidate) => candidate.action === 'sent' && 'client_id' in candidate && candidate.client_id === clientId);
      if (frame.action !== 'sent') throw new Error('Not sent');
      return frame.message;
    };
    await send('My parcel never arrived');
    const toOwner = await push.waitFor((entry) => entry.subscriptionId === team.devices.owner.id);
    expect(toOwner.payload.event).toBe('new_conversation');
    expect(String(toOwner.payload.title)).toMatch(/^Visitor /);
    const conversationId = Number(toOwner.payload.conversation_id);
    expect(team.conversations).not.toContain(conversationId);
    expect(String(toOwner.payload.body)).toContain('My parcel never arrived');
    await push.waitFor((entry) => entry.subscriptionId === team.devices.alex.id);
    await settled(team.signedUp.domain);
    expect(pushesTo(team.devices.sam)).toEqual([]);

    await api(team.owner).post(`conversations/${conversationId}/assign`, { agent_id: team.alex.id });
    await push.waitFor((entry) => entry.subscriptionId === team.devices.alex.id && entry.payload.event === 'assigned');
    await send('Any news?');
    const reply = await push.waitFor((entry) => entry.subscriptionId === team.devices.alex.id && entry.payload.event === 'customer_reply');
    expect(String(reply.payload.body)).toContain('Any news?');
    await settled(team.signedUp.domain);
    expect([...pushesTo(team.devices.owner), ...pushesTo(team.devices.alex), ...pushesTo(team.devices.sam)]).toEqual([]);
    await widget.close();
  });

  it('drops a device whose push service answers 410 Gone', async () => {
    const team = await teamWithDevices();
    push.answer(team.devices.alex.id, 410);
    await api(team.owner).post(`conversations/${team.conversations[0]}/assign`, { agent_id: team.alex.id });
    await settled(team.signedUp.domain);
    expect((await api(team.alex).get<NotificationsResponse>('account/notifications')).body.devices).toEqual([]);
    expect(pushesTo(team.devices.alex)).toEqual([]);
  });

  it('a device whose session signed out is told nothing more and leaves the list', async () => {
    const team = await teamWithDevices();
    const phone = push.subscribe();
    const signedIn = await suite.client().post<{ token: string }>('auth/login', { email: `alex@${team.signedUp.domain}.example`, password: DEMO_PASSWORD, domain: team.signedUp.domain });
    const phoneSession = { token: signedIn.body.token, id: team.alex.id };
    expect((await register(phoneSession, phone)).body.devices).toHaveLength(2);
    expect((await suite.client().post('auth/clear', { token: phoneSession.token })).status).toBeLessThan(300);
    expect((await api(team.alex).get<NotificationsResponse>('account/notifications')).body.devices.map((device) => device.endpoint)).toEqual([team.devices.alex.json.endpoint]);

    await api(team.owner).post(`conversations/${team.conversations[0]}/assign`, { agent_id: team.alex.id });
    await push.waitFor((entry) => entry.subscriptionId === team.devices.alex.id);
    await settled(team.signedUp.domain);
    expect(pushesTo(phone)).toEqual([]);
    expect(await suite.db().selectFrom('push_subscriptions').select('id').where('endpoint', '=', phone.json.endpoint).execute()).toEqual([]);
  });

  it('retries a push the push service could not take (503), and sends it once', async () => {
    const team = await teamWithDevices();
    push.answer(team.devices.sam.id, 503, 1);
    await api(team.owner).post(`conversations/${team.conversations[0]}/assign`, { agent_id: team.sam.id });
    const delivered = await push.waitFor((entry) => entry.subscriptionId === team.devices.sam.id, 15_000);
    expect(delivered.payload.event).toBe('assigned');
    await settled(team.signedUp.domain);
    expect(pushesTo(team.devices.sam)).toEqual([]);
    expect((await api(team.sam).get<NotificationsResponse>('account/notifications')).body.devices).toHaveLength(1);
  });

  it('mails at most one digest per window, with a link to each conversation and a one-time unsubscribe link', async () => {
    const team = await unassignedTeam();
    const alexEmail = `alex@${team.signedUp.domain}.example`;
    const [a = 0, b = 0] = team.conversations;
    await api(team.owner).post(`conversations/${a}/assign`, { agent_id: team.alex.id });
    const first = await suite.mail.waitFor((mail) => mail.to.includes(alexEmail));
    const firstAt = Date.now();
    expect(first.subject).toBe(`${team.signedUp.name} assigned you a conversation — ${team.signedUp.session.organization.name}`);
    expect(first.links).toContain(`${suite.server.url}/${team.signedUp.domain}/conversations/view/${a}`);

    // Two more within the window: one mail, after the window, with both.
    await api(team.owner).post(`conversations/${a}/assign`, { agent_id: null });
    await api(team.owner).post(`conversations/${a}/assign`, { agent_id: team.alex.id });
    await api(team.owner).post(`conversations/${b}/assign`, { agent_id: team.alex.id });
    const second = await suite.mail.waitFor((mail) => mail.to.includes(alexEmail), 10_000);
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(1500);
    expect(second.subject).toMatch(/^2 updates in /);
    expect(second.links).toEqual(expect.arrayContaining([`${suite.server.url}/${team.signedUp.domain}/conversations/view/${a}`, `${suite.server.url}/${team.signedUp.domain}/conversations/view/${b}`]));
    await settled(team.signedUp.domain);
    expect(suite.mail.messages.filter((mail) => mail.to.includes(alexEmail))).toEqual([]);

    const unsubscribe = second.links.find((link) => link.includes('/unsubscribe/')) ?? '';
    const token = unsubscribe.split('/unsubscribe/')[1] ?? '';
    const used = await suite.client().post(`notifications/unsubscribe/${token}`);
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ event: 'assigned', organization: team.signedUp.session.organization.name });
    expect(used.text).not.toContain(alexEmail);
    expect((await suite.client().post(`notifications/unsubscribe/${token}`)).status).toBe(404);
    expect((await suite.client().post('notifications/unsubscribe/not-a-real-token-but-long-enough-1234567890')).status).toBe(404);
    const settings = (await api(team.alex).get<NotificationsResponse>('account/notifications')).body.settings;
    expect(settings.events.assigned).toEqual({ push: true, email: false });

    await api(team.owner).post(`conversations/${b}/assign`, { agent_id: null });
    await api(team.owner).post(`conversations/${b}/assign`, { agent_id: team.alex.id });
    await settled(team.signedUp.domain);
    const emailRows = await suite.db().selectFrom('notifications').select('id').where('agent_id', '=', team.alex.id).where('channel', '=', 'email').execute();
    expect(emailRows).toHaveLength(3);
  });
});

