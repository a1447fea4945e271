import { it } from 'vitest';
import type { AgentInvite, Organization, Session } from '../../src/protocol/api/models';
import type { ChatSettings } from '../../src/protocol/api/chat-settings';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { BusinessHoursDocument, Message } from '../../src/protocol/documents';
import { defaultHours, HOURS_ERRORS, type OrganizationHours, type Range } from '../../src/protocol/hours/hours-model';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import type { WidgetConfig } from '../../src/protocol/widget';
import { openStream } from '../support/stream-client';
import { openWidget, type WidgetFrame } from '../support/widget-client';
import { conversationWithSubject, customerMessageId, sendEmail, signUpWithChannel, threadOf, useEmailSuite, type EmailSuite } from './email-fixtures';
import { describeEachDatabase, sharedDnsServer, uid, type SignedUp } from './server-suite';

const POLL = { timeout: 10_000 };
const dns = await sharedDnsServer();
const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

/** `HH:MM` in UTC, `hoursFromNow` hours from now (negative: ago), on the whole minute. */
function utcTime(hoursFromNow: number): string {
  const at = new Date(Date.now() + hoursFromNow * 3_600_000);
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

/** Every day one range, in UTC, from `start` to `end` hours from now. */
function everyDay(start: number, end: number, autoReply = 'We are closed and will answer when we open.'): OrganizationHours {
  const range: Range = { start: utcTime(start), end: utcTime(end) };
  return {
    ...defaultHours('UTC'),
    week: Array.from({ length: 7 }, () => [range]),
    auto_reply: { email: { enabled: true, text: autoReply }, chat: { enabled: true, text: `Chat: ${autoReply}` } },
  };
}

const CLOSED = () => everyDay(-3, -2);
const OPEN = () => everyDay(-1, 1);
/** Closed again, since a later closing than CLOSED's: the next closed period. */
const CLOSED_AGAIN = () => everyDay(-3, -1);

async function saveHours(owner: SignedUp, hours: OrganizationHours) {
  const saved = await owner.api.post<BusinessHoursDocument>('organization/hours', hours, { headers: mutation() });
  if (saved.status !== 200) throw new Error(`Saving hours failed: ${saved.status} ${saved.text}`);
  return saved.body;
}

const inviteToken = (text: string) => /\/invite\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

async function addAgent(suite: EmailSuite, owner: SignedUp) {
  const email = `agent-${uid()}@example.com`;
  await owner.api.post<AgentInvite>(`agents/invite/${encodeURIComponent(email)}`, { roles: [] });
  const mail = await suite.mail.waitFor((m) => m.to.includes(email));
  const accepted = await suite.client().post<Session>(`invites/${inviteToken(mail.text)}/accept`, { name: 'Agent', password: 'agent password' });
  return suite.client(accepted.body.token);
}

const autoReplies = (messages: Message[]) => messages.filter((message) => message.auto_kind === 'AUTO_REPLY' && message.contact_id === null);

describeEachDatabase('business hours', (database) => {
  const suite = useEmailSuite(database, dns);

  it('any agent saves the hours with POST organization/hours; the document reaches the stream and the organization', async ({ expect }) => {
    const owner = await suite.signUp();
    const stream = openStream(suite.server.url, { token: owner.session.token, init: true });
    await stream.untilReady();
    expect((await owner.api.get<Organization>('organization/')).body.hours).toBeNull();

    const hours: OrganizationHours = { ...defaultHours('Europe/Berlin'), holidays: { country: 'DE', dates: [{ date: '2026-12-24', ranges: [{ start: '09:00', end: '12:00' }], name: 'Christmas Eve' }] } };
    hours.week[4] = [
      { start: '09:00', end: '17:00' },
      { start: '22:00', end: '02:00' },
    ];
    const headers = mutation();
    const saved = await owner.api.post<BusinessHoursDocument>('organization/hours', hours, { headers });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: 'hours', hours, updated_by: owner.session.agent.id });
    // The country's public holidays come as dates, so the app and the widget need no holiday data.
    expect(saved.body.hours?.public_holidays).toEqual(expect.arrayContaining(['2026-12-25', '2026-12-26', '2027-01-01']));
    expect(saved.body.hours?.public_holidays).not.toContain('2026-12-24');
    const feed = await suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    // The onboarding checklist's step ticks in the same transaction (§9 "set business hours").
    expect(feed).toEqual([
      { col: 'business_hours', action: 'update', doc_id: 'hours' },
      { col: 'onboarding_steps', action: 'insert', doc_id: 'business-hours' },
    ]);
    const pushed = await stream.next((frame) => frame.col === 'business_hours' && frame.action === 'update');
    expect(pushed.document).toMatchObject({ id: 'hours', hours, version: saved.body.version });
    await stream.close();
    expect((await owner.api.get<Organization>('organization/')).body.hours).toEqual({ ...hours, public_holidays: saved.body.hours?.public_holidays });
    expect((await owner.api.get<Organization>('organization/')).body.onboarding['business-hours']).toBe(true);

    // No role is needed (§6): a teammate with none saves too.
    const teammate = await addAgent(suite, owner);
    const byTeammate = await teammate.post<BusinessHoursDocument>('organization/hours', defaultHours('America/New_York'));
    expect(byTeammate.status).toBe(200);
    expect(byTeammate.body.hours?.timezone).toBe('America/New_York');

    // A new connection's bootstrap carries the document.
    const later = openStream(suite.server.url, { token: owner.session.token, init: true });
    const bootstrapped = await later.next((frame) => frame.col === 'business_hours');
    expect((bootstrapped.documents as BusinessHoursDocument[] | undefined)?.[0]?.hours?.timezone).toBe('America/New_York');
    await later.close();
  });

  it('refuses bad hours with a 400 naming each field, control characters included, and changes nothing', async ({ expect }) => {
    const owner = await suite.signUp();
    await saveHours(owner, defaultHours('Europe/Berlin'));
    const bad = defaultHours('Mars/Olympus');
    bad.week[0] = [
      { start: '09:00', end: '12:00' },
      { start: '11:00', end: '11:00' },
      { start: '10:00', end: '13:00' },
    ];
    bad.holidays.country = 'ZZ';
    const refused = await owner.api.post('organization/hours', bad, { headers: mutation() });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: {
        timezone: HOURS_ERRORS.zone,
        'week.0.1.end': HOURS_ERRORS.sameTimes,
        'week.0.2': 'Monday 10:00–13:00 overlaps 09:00–12:00.',
        'holidays.country': HOURS_ERRORS.country,
      },
    });
    const control = defaultHours('Europe/Berlin');
    control.auto_reply.email = { enabled: true, text: 'Back soon\u0007' };
    const controlRefused = await owner.api.post('organization/hours', control);
    expect(controlRefused.status).toBe(400);
    expect(controlRefused.body).toEqual({ errors: { 'auto_reply.email.text': 'must not contain control characters' } });
    expect((await owner.api.post('organization/hours', { ...defaultHours('UTC'), week: 'always' })).status).toBe(400);
    expect((await owner.api.get<Organization>('organization/')).body.hours?.timezone).toBe('Europe/Berlin');
  });

  it('keeps each organization’s hours its own: another organization neither reads nor changes them', async ({ expect }) => {
    const first = await suite.signUp();
    const second = await suite.signUp();
    await saveHours(first, defaultHours('Asia/Tokyo'));
    expect((await second.api.get<Organization>('organization/')).body.hours).toBeNull();
    const stream = openStream(suite.server.url, { token: second.session.token, init: true });
    // An organization without hours has no document, like an empty collection.
    const { before } = await stream.untilReady();
    expect(before.filter((frame) => frame.col === 'business_hours')).toEqual([]);
    await saveHours(second, defaultHours('Europe/Lisbon'));
    const pushed = await stream.next((frame) => frame.col === 'business_hours' && frame.action === 'update');
    expect((pushed.document as BusinessHoursDocument).hours?.timezone).toBe('Europe/Lisbon');
    await stream.close();
    expect((await first.api.get<Organization>('organization/')).body.hours?.timezone).toBe('Asia/Tokyo');
    expect((await second.api.get<Organization>('organization/')).body.hours?.timezone).toBe('Europe/Lisbon');
  });

  it('reads hours stored in the older {timezone, days} shape as the new model', async ({ expect }) => {
    const owner = await suite.signUp();
    const legacy = { timezone: 'Europe/Paris', days: [{ open: '08:00', close: '16:00' }, null, null, null, null, null, null] };
    await suite.db().updateTable('organizations').set({ hours: JSON.stringify(legacy) }).where('id', '=', owner.session.organization.id).execute();
    const hours = (await owner.api.get<Organization>('organization/')).body.hours;
    expect(hours).toEqual({ ...defaultHours('Europe/Paris'), week: [[{ start: '08:00', end: '16:00' }], [], [], [], [], [], []], public_holidays: [] });
  });

  it('answers an email outside hours once per closed period, over the outgoing mail path, and records it in the conversation', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    await saveHours(inbox, CLOSED());
    const subject = `Weekend question ${uid()}`;
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject, text: 'Are you there?', messageId: customerMessageId(inbox.customer) });
    const conversation = await conversationWithSubject(inbox.api, subject);
    const mail = await suite.mail.waitFor((received) => received.to.includes(inbox.customer), 15_000);
    expect(mail.text.trim()).toBe('We are closed and will answer when we open.');
    expect(mail.headers.get('auto-submitted')).toBe('auto-replied');
    expect(mail.subject).toBe(`Re: ${subject}`);
    await expect.poll(async () => autoReplies(await threadOf(inbox.api, conversation.id)).map((message) => message.status), POLL).toEqual(['SENT']);

    // The same closed period: a second message hears nothing more.
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject: `Re: ${subject}`, text: 'Hello again?', inReplyTo: mail.messageId });
    await expect.poll(async () => (await threadOf(inbox.api, conversation.id)).filter((message) => message.contact_id !== null).length, POLL).toBe(2);

    // Open: no auto-reply.
    await saveHours(inbox, OPEN());
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject: `Re: ${subject}`, text: 'Now you are open.', inReplyTo: mail.messageId });
    await expect.poll(async () => (await threadOf(inbox.api, conversation.id)).filter((message) => message.contact_id !== null).length, POLL).toBe(3);

    // The next closed period: one more.
    await saveHours(inbox, CLOSED_AGAIN());
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject: `Re: ${subject}`, text: 'Closed again?', inReplyTo: mail.messageId });
    const second = await suite.mail.waitFor((received) => received.to.includes(inbox.customer), 15_000);
    expect(second.headers.get('auto-submitted')).toBe('auto-replied');
    await expect.poll(async () => autoReplies(await threadOf(inbox.api, conversation.id)).length, POLL).toBe(2);
    const periods = await suite.db().selectFrom('auto_replies').select(['period_start', 'channel']).where('conversation_id', '=', conversation.id).orderBy('period_start').execute();
    expect(periods.map((row) => row.channel)).toEqual(['EMAIL', 'EMAIL']);
    expect(suite.mail.messages.filter((received) => received.to.includes(inbox.customer))).toEqual([]);
  });

  it('never answers auto-submitted, bulk or list mail, and sends nothing with the auto-reply off', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    await saveHours(inbox, CLOSED());
    const machines = [
      { label: 'auto', headers: { 'Auto-Submitted': 'auto-replied' } },
      { label: 'bulk', headers: { Precedence: 'bulk' } },
      { label: 'list', headers: { 'List-Id': '<news.customer.example>' } },
    ];
    for (const machine of machines) {
      const subject = `Machine ${machine.label} ${uid()}`;
      await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject, text: 'Automatic.', headers: machine.headers });
      const conversation = await conversationWithSubject(inbox.api, subject);
      expect(autoReplies(await threadOf(inbox.api, conversation.id))).toEqual([]);
    }
    const off = CLOSED();
    off.auto_reply.email = { enabled: false, text: 'Not sent.' };
    await saveHours(inbox, off);
    const subject = `Person while off ${uid()}`;
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject, text: 'A person writes.' });
    const conversation = await conversationWithSubject(inbox.api, subject);
    expect(autoReplies(await threadOf(inbox.api, conversation.id))).toEqual([]);
    // A person's mail while closed with the reply on does get one: the check above could not pass by accident.
    await saveHours(inbox, CLOSED());
    const person = `Person ${uid()}`;
    await sendEmail(suite.server, { from: inbox.customer, to: inbox.address, subject: person, text: 'Hello.' });
    const answered = await suite.mail.waitFor((received) => received.to.includes(inbox.customer) && received.subject === `Re: ${person}`, 15_000);
    expect(answered.text.trim()).toBe('We are closed and will answer when we open.');
    expect(suite.mail.messages.filter((received) => received.to.includes(inbox.customer))).toEqual([]);
    const rows = await suite.db().selectFrom('auto_replies').select('conversation_id').where('org_id', '=', inbox.session.organization.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('tells the widget whether the team is in, and answers a visitor’s chat once per closed period in the widget', async ({ expect }) => {
    const owner = await suite.signUp();
    const chat = await owner.api.request<ChatSettings>('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } });
    expect(chat.status).toBe(200);
    const configOf = async () => (await suite.client().get<WidgetConfig>(`/widget/config?org=${owner.domain}`)).body;
    expect((await configOf()).hours).toBeUndefined();

    await saveHours(owner, CLOSED());
    const closed = await configOf();
    expect(closed.hours?.open).toBe(false);
    const opensIn = (closed.hours?.next_opening ?? 0) - Date.now();
    expect(opensIn).toBeGreaterThan(20 * 3_600_000);
    expect(opensIn).toBeLessThan(22 * 3_600_000);
    expect(closed.hours?.changes_at).toBe(closed.hours?.next_opening);

    const ip = `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const widget = openWidget(suite.server.url, { org: owner.domain, ip });
    await widget.ready();
    const send = async (text: string) => {
      const clientId = `c-${uid()}${uid()}`;
      widget.send({ action: 'send', client_id: clientId, text });
      await widget.next((frame) => frame.action === 'sent' && frame.client_id === clientId);
    };
    const isAutoReply = (frame: WidgetFrame) => frame.action === 'message' && frame.message.from === 'agent' && frame.message.text.startsWith('Chat: ');
    await send('Anyone there?');
    const reply = await widget.next(isAutoReply);
    if (reply.action !== 'message') throw new Error('unreachable');
    expect(reply.message.text).toBe('Chat: We are closed and will answer when we open.');
    const autoReplyIds = () => new Set(widget.frames.flatMap((frame) => (isAutoReply(frame) && frame.action === 'message' ? [frame.message.id] : [])));
    await send('Hello?');
    // The visitor's second message in the same closed period: flushed with a PING, no other auto-reply came.
    widget.send('PING');
    await widget.next((frame) => 'text' in frame && frame.text === 'PONG');
    expect([...autoReplyIds()]).toEqual([reply.message.id]);

    await saveHours(owner, CLOSED_AGAIN());
    await send('Still closed?');
    await widget.next((frame) => isAutoReply(frame) && frame.action === 'message' && frame.message.id !== reply.message.id);
    expect(autoReplyIds().size).toBe(2);
    await widget.close();
    const rows = await suite.db().selectFrom('auto_replies').select(['channel', 'message_id']).where('org_id', '=', owner.session.organization.id).execute();
    expect(rows.map((row) => row.channel)).toEqual(['CHAT', 'CHAT']);

    await saveHours(owner, OPEN());
    const open = await configOf();
    expect(open.hours).toMatchObject({ open: true, next_opening: null });
  });
});
