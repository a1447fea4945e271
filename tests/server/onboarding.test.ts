import { it } from 'vitest';
import type { EmailChannel } from '../../src/protocol/api/channels';
import type { Organization } from '../../src/protocol/api/models';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { OnboardingStepDoc, TestEmailResponse } from '../../src/protocol/onboarding/onboarding-steps';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { TEST_EMAIL_ERRORS } from '../../src/server/onboarding/send-test-email';
import { publishRecords } from '../support/dns-server';
import { openStream } from '../support/stream-client';
import { conversationWithSubject, sendEmail, signUpWithChannel, useEmailSuite, type EmailSuite } from './email-fixtures';
import { describeEachDatabase, sharedDnsServer, uid, type SignedUp } from './server-suite';

const dns = await sharedDnsServer();
const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });
const TEST_SUBJECT = 'Test email from the getting started checklist';

/** The organization's `onboarding` map (§3): recorded steps, true when done, false when skipped. */
async function onboardingOf(owner: SignedUp): Promise<Record<string, boolean>> {
  return (await owner.api.get<Organization>('organization/')).body.onboarding;
}

async function confirmEmail(suite: EmailSuite, owner: SignedUp): Promise<void> {
  const mail = await suite.mail.waitFor((m) => m.to.includes(owner.email) && m.subject === 'Confirm your email address');
  const token = mail.links.find((l) => l.includes('/validate/'))?.split('/validate/')[1] ?? '';
  const validated = await suite.client().post(`auth/validate/${token}`);
  if (validated.status !== 200) throw new Error(`Validation failed: ${validated.status} ${validated.text}`);
}

async function turnChatOn(owner: SignedUp): Promise<void> {
  const saved = await owner.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } });
  if (saved.status !== 200) throw new Error(`Saving chat settings failed: ${saved.status} ${saved.text}`);
}

describeEachDatabase('onboarding', (database) => {
  const suite = useEmailSuite(database, dns);

  it('each step ticks from the real state where it happens, once, live on the stream', async ({ expect }) => {
    const owner = await suite.signUp();
    expect(await onboardingOf(owner)).toEqual({});
    const socket = openStream(suite.server.url, { token: owner.session.token, init: true });
    await socket.untilReady();

    await confirmEmail(suite, owner);
    const pushed = await socket.next((frame) => frame.col === 'onboarding_steps');
    expect(pushed).toMatchObject({ action: 'insert', document: { id: 'confirm-email', skipped_at: null, done_at: expect.any(Number) as number } });
    expect(await onboardingOf(owner)).toEqual({ 'confirm-email': true });

    // Adding an address is not proving its domain.
    const id = uid();
    const added = await owner.api.post<EmailChannel>('organization/channels', { email: `support-${id}@inbox-${id}.example` });
    expect(added.status).toBe(201);
    expect(await onboardingOf(owner)).not.toHaveProperty('support-address');
    publishRecords(dns, added.body.domain.records);
    expect((await owner.api.get<EmailChannel>(`organization/channels/${encodeURIComponent(added.body.email)}/verify`)).body.domain.verification).toBe('VERIFIED');
    expect(await onboardingOf(owner)).toHaveProperty('support-address', true);

    const subject = `First question ${id}`;
    await sendEmail(suite.server, { from: `jane-${id}@customer-${id}.example`, to: added.body.email, subject, text: 'Hello?' });
    await conversationWithSubject(owner.api, subject);
    expect(await onboardingOf(owner)).toHaveProperty('first-email', true);

    // The widget's config answers 404 while chat is off: no page view reached the inbox.
    expect((await suite.client().get(`/widget/config?org=${owner.domain}`)).status).toBe(404);
    expect(await onboardingOf(owner)).not.toHaveProperty('chat-widget');
    await turnChatOn(owner);
    expect((await suite.client().get(`/widget/config?org=${owner.domain}`)).status).toBe(200);
    expect(await onboardingOf(owner)).toHaveProperty('chat-widget', true);

    expect((await owner.api.post(`agents/invite/${encodeURIComponent(`mate-${id}@example.com`)}`, { roles: [] })).status).toBe(201);
    expect(await onboardingOf(owner)).toHaveProperty('invite-teammate', true);

    expect((await owner.api.post('snippets/', { id: `sn-${id}`, name: 'Thanks', body: 'Thanks!' })).status).toBe(201);
    expect(await onboardingOf(owner)).toEqual({
      'confirm-email': true,
      'support-address': true,
      'first-email': true,
      'chat-widget': true,
      'invite-teammate': true,
      'snippet-or-article': true,
    });

    // Only the first time counts: a second page view and a second snippet write no feed row.
    const before = await suite.db().selectFrom('changes').select('seq').where('org_id', '=', owner.session.organization.id).where('col', '=', 'onboarding_steps').execute();
    await suite.client().get(`/widget/config?org=${owner.domain}`);
    await owner.api.post('snippets/', { id: `sn-${id}-2`, name: 'Bye', body: 'Bye!' });
    const after = await suite.db().selectFrom('changes').select('seq').where('org_id', '=', owner.session.organization.id).where('col', '=', 'onboarding_steps').execute();
    expect(after).toHaveLength(before.length);
    expect(before).toHaveLength(6);
    await socket.close();
  });

  it('an emailed sign-in link or password reset also proves the address and ticks confirm-email', async ({ expect }) => {
    const tokenIn = (links: string[]) => /\/auth\/token\/([A-Za-z0-9_-]+)/.exec(links.find((l) => l.includes('/auth/token/')) ?? '')?.[1] ?? '';
    const bySignIn = await suite.signUp();
    await suite.client().post('auth/login-link', { email: bySignIn.email });
    const signInMail = await suite.mail.waitFor((m) => m.to.includes(bySignIn.email) && m.subject.startsWith('Sign in to'));
    expect((await suite.client().post(`auth/token/${tokenIn(signInMail.links)}`)).status).toBe(200);
    expect(await onboardingOf(bySignIn)).toEqual({ 'confirm-email': true });

    const byReset = await suite.signUp();
    await suite.client().post('auth/lost-password', { email: byReset.email });
    const resetMail = await suite.mail.waitFor((m) => m.to.includes(byReset.email) && m.subject === 'Reset your password');
    const changed = await suite.client().post<{ token: string }>(`auth/token/${tokenIn(resetMail.links)}/change-password`, { password: 'a brand new password' });
    expect(changed.status).toBe(200);
    expect((await suite.client(changed.body.token).get<Organization>('organization/')).body.onboarding).toEqual({ 'confirm-email': true });
  });

  it('a knowledge base article ticks the snippet-or-article step', async ({ expect }) => {
    const owner = await suite.signUp();
    const created = await owner.api.post('knowledge/articles/', { id: `ka-${uid()}`, title: 'Returns', content: '<p>Send it back.</p>', collections: [] });
    expect(created.status).toBe(201);
    expect(await onboardingOf(owner)).toEqual({ 'snippet-or-article': true });
  });

  it('skips and un-skips a step as a replayable mutation; a done step stays done', async ({ expect }) => {
    const owner = await suite.signUp();
    const headers = mutation();
    const skipped = await owner.api.post<OnboardingStepDoc>('organization/onboarding/chat-widget/skipped', undefined, { headers });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ id: 'chat-widget', done_at: null, skipped_at: expect.any(Number) as number });
    const replay = await owner.api.post<OnboardingStepDoc>('organization/onboarding/chat-widget/skipped', undefined, { headers });
    expect(replay.headers.get('x-mutation-replayed')).toBe('true');
    const feed = await suite.db().selectFrom('changes').select(['col', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(feed).toEqual([{ col: 'onboarding_steps', doc_id: 'chat-widget' }]);
    expect(await onboardingOf(owner)).toEqual({ 'chat-widget': false });

    const unskipped = await owner.api.post<OnboardingStepDoc>('organization/onboarding/chat-widget/todo');
    expect(unskipped.body).toMatchObject({ id: 'chat-widget', done_at: null, skipped_at: null });
    expect(await onboardingOf(owner)).toEqual({});

    // Skipped, then done for real: done wins, and un-skipping leaves it done.
    await owner.api.post('organization/onboarding/snippet-or-article/skipped');
    await owner.api.post('snippets/', { id: `sn-${uid()}`, name: 'Thanks', body: 'Thanks!' });
    expect(await onboardingOf(owner)).toEqual({ 'snippet-or-article': true });
    const stillDone = await owner.api.post<OnboardingStepDoc>('organization/onboarding/snippet-or-article/todo');
    expect(stillDone.body.done_at).toEqual(expect.any(Number));
    expect(await onboardingOf(owner)).toEqual({ 'snippet-or-article': true });
  });

  it('answers 400 for an unknown step or state, and 401 without a session', async ({ expect }) => {
    const owner = await suite.signUp();
    const step = await owner.api.post('organization/onboarding/fly-to-the-moon/skipped');
    expect(step.status).toBe(400);
    expect(step.body).toEqual({ errors: { step: 'is not an onboarding step' } });
    const state = await owner.api.post('organization/onboarding/chat-widget/done');
    expect(state.status).toBe(400);
    expect(state.body).toEqual({ errors: { state: 'must be skipped or todo' } });
    expect((await owner.api.post(`organization/onboarding/chat-widget${encodeURIComponent('\u0007')}/skipped`)).status).toBe(400);
    expect((await suite.client().post('organization/onboarding/chat-widget/skipped')).status).toBe(401);
    expect(await onboardingOf(owner)).toEqual({});
  });

  it('a step done or skipped in one organization leaves another untouched', async ({ expect }) => {
    const first = await suite.signUp();
    const second = await suite.signUp();
    await confirmEmail(suite, first);
    await first.api.post('organization/onboarding/invite-teammate/skipped');
    await turnChatOn(first);
    await turnChatOn(second);
    await suite.client().get(`/widget/config?org=${first.domain}`);
    expect(await onboardingOf(first)).toEqual({ 'confirm-email': true, 'invite-teammate': false, 'chat-widget': true });
    expect(await onboardingOf(second)).toEqual({});
    const socket = openStream(suite.server.url, { token: second.session.token, init: true });
    const { before } = await socket.untilReady();
    expect(before.filter((frame) => frame.col === 'onboarding_steps')).toEqual([]);
    await socket.close();
  });

  it('the test email travels the SMTP listener and lands in the inbox, which ticks the first-email step', async ({ expect }) => {
    const bare = await suite.signUp();
    const refused = await bare.api.post('organization/onboarding/test-email');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: TEST_EMAIL_ERRORS.noAddress });

    // From an address that is itself a support address, the mail would be dropped as a loop: said, not sent.
    const id = uid();
    const loop = await suite.signUp({ email: `help-${id}@loop-${id}.example` });
    const own = await loop.api.post<EmailChannel>('organization/channels', { email: loop.email });
    publishRecords(dns, own.body.domain.records);
    await loop.api.get(`organization/channels/${encodeURIComponent(loop.email)}/verify`);
    const looped = await loop.api.post('organization/onboarding/test-email');
    expect(looped.status).toBe(409);
    expect(looped.body).toEqual({ error: TEST_EMAIL_ERRORS.ownAddress });

    const inbox = await signUpWithChannel(suite);
    expect(await onboardingOf(inbox)).not.toHaveProperty('first-email');
    const sent = await inbox.api.post<TestEmailResponse>('organization/onboarding/test-email');
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ to: inbox.address, via: 'smtp' });
    const conversation = await conversationWithSubject(inbox.api, TEST_SUBJECT);
    expect(conversation).toMatchObject({ channel: 'EMAIL', channel_id: inbox.channel.id, status: 'OPENED', is_unread: true });
    expect(await onboardingOf(inbox)).toHaveProperty('first-email', true);
  });

  it('the Email page says the MX value needs EMAIL_MX_HOST here, and offers the others as they are', async ({ expect }) => {
    const owner = await suite.signUp();
    const id = uid();
    const added = await owner.api.post<EmailChannel>('organization/channels', { email: `help-${id}@shop-${id}.example` });
    const byKind = Object.fromEntries(added.body.domain.records.map((record) => [record.kind, record]));
    expect(byKind['MX']?.missing_config).toMatch(/must set EMAIL_MX_HOST/);
    expect(byKind['SPF']?.missing_config).toBeUndefined();
    expect(byKind['SPF']?.expected).toMatch(/^v=spf1 (include|ip4|ip6):\S+ ~all$/);
    expect(byKind['DKIM']?.missing_config).toBeUndefined();
  });
});

describeEachDatabase('onboarding without an SMTP listener', (database) => {
  const suite = useEmailSuite(database, dns, { SMTP_INBOUND_PORT: '' });

  it('the test email goes through the inbound webhook pipeline and lands in the inbox', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const sent = await inbox.api.post<TestEmailResponse>('organization/onboarding/test-email');
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ to: inbox.address, via: 'webhook' });
    await conversationWithSubject(inbox.api, TEST_SUBJECT);
    expect(await onboardingOf(inbox)).toHaveProperty('first-email', true);
  });
});

describeEachDatabase('onboarding on a server that receives and sends no mail', (database) => {
  const suite = useEmailSuite(database, dns, { SMTP_INBOUND_PORT: '', INBOUND_WEBHOOK_SECRET: '', SMTP_URL: '' });

  it('the test email answers 409 with what the administrator must set, and the DNS records say what is missing instead of a value', async ({ expect }) => {
    const owner = await suite.signUp();
    const refused = await owner.api.post('organization/onboarding/test-email');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: TEST_EMAIL_ERRORS.noInboundPath });

    const id = uid();
    const added = await owner.api.post<EmailChannel>('organization/channels', { email: `help-${id}@shop-${id}.example` });
    const byKind = Object.fromEntries(added.body.domain.records.map((record) => [record.kind, record]));
    expect(byKind['SPF']?.missing_config).toMatch(/no outgoing mail server set up.*must set SMTP_URL/);
    expect(byKind['MX']?.missing_config).toMatch(/receives no email yet.*SMTP_INBOUND_PORT and EMAIL_MX_HOST.*INBOUND_WEBHOOK_SECRET/);
    expect(byKind['CHALLENGE']?.missing_config).toBeUndefined();
  });
});
