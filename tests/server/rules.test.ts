import { expect, it } from 'vitest';
import type { InboundResponse } from '../../src/protocol/api/channels';
import type { RuleDryRun } from '../../src/protocol/api/rule-requests';
import type { Conversation, Message, Rule } from '../../src/protocol/documents';
import type { ApiClient } from '../support/api-client';
import { defaultHours } from '../../src/protocol/hours/hours-model';
import { addBusinessMillis } from '../../src/protocol/hours/schedule';
import { EMAIL_ENV, signUpWithChannel, threadOf, useEmailSuite, type EmailInbox, type EmailSuite } from './email-fixtures';
import { describeEachDatabase, sharedDnsServer, uid } from './server-suite';
import { openWidget } from '../support/widget-client';
import { invitedTeammate } from './teammates';

const dns = await sharedDnsServer();

type RuleInput = Partial<Omit<Rule, 'id' | 'position' | 'version' | 'updated_at' | 'updated_by'>> & Pick<Rule, 'trigger' | 'actions'>;

/** Polls `read` until `done` holds for its value, at most `timeoutMs`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still not there after ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeEachDatabase('rules', (database) => {
  const suite: EmailSuite = useEmailSuite(database, dns);

  const createRule = async (api: ApiClient, input: RuleInput) => {
    const id = `ru-${uid()}`;
    const created = await api.post<Rule>('rules/', { name: `Rule ${id}`, ...input, id });
    if (created.status !== 201) throw new Error(`Creating the rule failed: ${created.status} ${created.text}`);
    return created.body;
  };

  /** A customer's mail through the inbound webhook; resolves to its conversation's id and Message-ID. */
  const mailIn = async (inbox: EmailInbox, options: { from?: string; subject?: string; body?: string; inReplyTo?: string } = {}) => {
    const messageId = `<${uid()}@customer.example>`;
    const from = options.from ?? inbox.customer;
    const headers = [`From: ${from}`, `To: ${inbox.address}`, `Subject: ${options.subject ?? `Hello ${uid()}`}`, `Message-ID: ${messageId}`];
    if (options.inReplyTo) headers.push(`In-Reply-To: ${options.inReplyTo}`);
    const response = await fetch(`${suite.server.url}/api/channels/inbound?to=${encodeURIComponent(inbox.address)}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': EMAIL_ENV.INBOUND_WEBHOOK_SECRET },
      body: `${headers.join('\r\n')}\r\n\r\n${options.body ?? 'Hello.'}\r\n`,
    });
    const body = (await response.json()) as InboundResponse;
    const delivery = body.deliveries[0];
    if (delivery?.status !== 'stored') throw new Error(`Not stored: ${JSON.stringify(body)}`);
    return { conversationId: delivery.conversation_id, messageId };
  };

  const conversation = async (api: ApiClient, id: number) => (await api.get<Conversation>(`conversations/${id}`)).body;
  const ruleNotes = async (api: ApiClient, id: number) => (await threadOf(api, id)).filter((message: Message) => message.type === 'NOTE' && message.source === 'RULE');

  it('a rule on new mail from a domain tags and assigns it, in the same write, and the history names the rule', async () => {
    const inbox = await signUpWithChannel(suite);
    const rule = await createRule(inbox.api, {
      name: 'Acme to the owner',
      trigger: 'created_by_customer',
      conditions: [{ field: 'sender_domain', op: 'is', value: 'acme.example' }],
      actions: [
        { type: 'add_tag', value: 'Acme' },
        { type: 'assign', value: String(inbox.session.agent.id) },
      ],
    });
    expect(rule).toMatchObject({ enabled: true, position: 0, match: 'all', stop: false, wait: null });

    const acme = await mailIn(inbox, { from: `bob-${uid()}@mail.acme.example` });
    expect(await conversation(inbox.api, acme.conversationId)).toMatchObject({ tags: ['acme'], agent_id: inbox.session.agent.id });
    const notes = await ruleNotes(inbox.api, acme.conversationId);
    expect(notes.map((note) => note.message)).toEqual([`Rule “Acme to the owner”: added tag Acme; assigned to ${inbox.session.agent.name}.`]);
    expect(notes[0]?.agent_id).toBeNull();

    const other = await mailIn(inbox, { from: `eve-${uid()}@other.example` });
    expect(await conversation(inbox.api, other.conversationId)).toMatchObject({ tags: [], agent_id: null });
    expect(await ruleNotes(inbox.api, other.conversationId)).toEqual([]);
  });

  it('runs the rules of every event trigger, each on its own event', async () => {
    const inbox = await signUpWithChannel(suite);
    const me = inbox.session.agent.id;
    const triggers = ['created_by_customer', 'customer_replied', 'agent_replied', 'note_added', 'status_changed', 'tag_added', 'tag_removed', 'assigned', 'created_by_agent'] as const;
    for (const trigger of triggers) await createRule(inbox.api, { trigger, actions: [{ type: 'add_note', value: `saw ${trigger}` }] });
    const seen = async (id: number) => (await ruleNotes(inbox.api, id)).map((note) => note.message).filter((text) => text.startsWith('saw '));

    const first = await mailIn(inbox);
    expect(await seen(first.conversationId)).toEqual(['saw created_by_customer']);
    await mailIn(inbox, { inReplyTo: first.messageId, body: 'Again.' });
    expect((await seen(first.conversationId)).at(-1)).toBe('saw customer_replied');
    expect((await inbox.api.post(`conversations/${first.conversationId}/reply`, { message: 'Hi there', source: 'EMAIL' })).status).toBe(201);
    expect((await seen(first.conversationId)).at(-1)).toBe('saw agent_replied');
    expect((await inbox.api.post(`conversations/${first.conversationId}/notes`, { message: 'Internal' })).status).toBe(201);
    expect((await seen(first.conversationId)).at(-1)).toBe('saw note_added');
    await inbox.api.post(`conversations/${first.conversationId}/status`, { status: 'WAITING' });
    expect((await seen(first.conversationId)).at(-1)).toBe('saw status_changed');
    await inbox.api.post(`conversations/${first.conversationId}/tags`, { name: 'billing' });
    expect((await seen(first.conversationId)).at(-1)).toBe('saw tag_added');
    await inbox.api.delete(`conversations/${first.conversationId}/tags/billing`);
    expect((await seen(first.conversationId)).at(-1)).toBe('saw tag_removed');
    await inbox.api.post(`conversations/${first.conversationId}/assign`, { agent_id: me });
    expect((await seen(first.conversationId)).at(-1)).toBe('saw assigned');
    expect(await seen(first.conversationId)).toHaveLength(8);

    const started = await inbox.api.post<{ conversation: Conversation }>('conversations/', { to: `new-${uid()}@customer.example`, subject: 'We write first', message: 'Hello from us' });
    expect(started.status).toBe(201);
    expect(await seen(started.body.conversation.id)).toEqual(['saw created_by_agent']);
  });

  it('runs the rules of a bulk change for each conversation it changes', async () => {
    const inbox = await signUpWithChannel(suite);
    await createRule(inbox.api, { name: 'Closing', trigger: 'status_changed', conditions: [{ field: 'status', op: 'is', value: 'CLOSED' }], actions: [{ type: 'add_tag', value: 'closed-by-bulk' }] });
    const one = await mailIn(inbox);
    const two = await mailIn(inbox);
    expect((await inbox.api.post('conversations/bulk', { ids: [one.conversationId, two.conversationId], action: { status: 'CLOSED' } })).status).toBe(200);
    for (const id of [one.conversationId, two.conversationId]) {
      expect((await conversation(inbox.api, id)).tags).toEqual(['closed-by-bulk']);
      expect((await ruleNotes(inbox.api, id)).map((note) => note.message)).toEqual(['Rule “Closing”: added tag closed-by-bulk.']);
    }
  });

  it('runs rules on a visitor’s chat messages: the first starts a conversation, the next is a customer reply', async () => {
    const inbox = await signUpWithChannel(suite);
    expect((await inbox.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } })).status).toBe(200);
    await createRule(inbox.api, { trigger: 'created_by_customer', conditions: [{ field: 'channel', op: 'is', value: 'CHAT' }], actions: [{ type: 'add_tag', value: 'chat-new' }] });
    await createRule(inbox.api, { trigger: 'customer_replied', conditions: [{ field: 'body', op: 'contains', value: 'urgent' }], actions: [{ type: 'set_status', value: 'WAITING' }] });
    const widget = openWidget(suite.server.url, { org: inbox.domain, ip: `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` });
    try {
      await widget.ready();
      const send = async (text: string) => {
        const clientId = `c-${uid()}${uid()}`;
        widget.send({ action: 'send', client_id: clientId, text });
        await widget.next((frame) => frame.action === 'sent' && 'client_id' in frame && frame.client_id === clientId);
      };
      await send('Hello, a question about my order');
      const [chat] = (await inbox.api.get<{ conversations: Conversation[] }>('conversations/?limit=10')).body.conversations.filter((c) => c.channel === 'CHAT');
      if (!chat) throw new Error('No chat conversation');
      expect(chat).toMatchObject({ tags: ['chat-new'], status: 'OPENED' });
      await send('It is urgent');
      expect(await conversation(inbox.api, chat.id)).toMatchObject({ tags: ['chat-new'], status: 'WAITING' });
    } finally {
      await widget.close();
    }
  });

  it('runs each action: tags, status, notes, a snippet reply, round robin, spam and a notification', async () => {
    const inbox = await signUpWithChannel(suite);
    const mateApi = await invitedTeammate(suite, inbox, []);
    const mate = (await mateApi.get<{ agent: { id: number; name: string } }>('account')).body.agent;
    const me = inbox.session.agent.id;
    await inbox.api.post('snippets/', { id: 'sn-thanks', name: 'Thanks', body: 'Thanks {{contact.first_name | there}}, we are on it.' });
    await createRule(inbox.api, {
      trigger: 'created_by_customer',
      conditions: [{ field: 'subject', op: 'contains', value: 'refund' }],
      actions: [
        { type: 'add_tag', value: 'refund' },
        { type: 'add_tag', value: 'urgent' },
        { type: 'remove_tag', value: 'urgent' },
        { type: 'set_status', value: 'WAITING' },
        { type: 'reply_snippet', value: 'sn-thanks' },
        { type: 'notify', value: String(mate.id) },
        { type: 'round_robin', value: '', agents: [me, mate.id] },
      ],
    });
    const one = await mailIn(inbox, { subject: 'A refund please' });
    const two = await mailIn(inbox, { subject: 'Refund again' });
    const first = await conversation(inbox.api, one.conversationId);
    const second = await conversation(inbox.api, two.conversationId);
    expect(first).toMatchObject({ tags: ['refund'], status: 'WAITING' });
    expect([first.agent_id, second.agent_id].sort()).toEqual([me, mate.id].sort());
    const thread = await threadOf(inbox.api, one.conversationId);
    const reply = thread.find((message) => message.type === 'MESSAGE' && message.agent_id === me);
    expect(reply?.message).toBe('Thanks there, we are on it.');
    const notified = await suite
      .db()
      .selectFrom('notifications')
      .select(['event', 'agent_id'])
      .where('conversation_id', '=', one.conversationId)
      .where('agent_id', '=', mate.id)
      .execute();
    expect(notified.map((row) => row.event)).toContain('mentioned');
    const [history] = await ruleNotes(inbox.api, one.conversationId);
    expect(history?.message).toContain('added tag refund; added tag urgent; removed tag urgent; set status to waiting; replied with “Thanks”; notified');

    await createRule(inbox.api, { trigger: 'created_by_customer', conditions: [{ field: 'body', op: 'contains', value: 'casino' }], actions: [{ type: 'mark_spam', value: '' }] });
    const spam = await mailIn(inbox, { body: 'Win at the CASINO today' });
    expect(await conversation(inbox.api, spam.conversationId)).toMatchObject({ status: 'CLOSED', tags: ['spam'] });
  });

  it('a rule that stops later rules keeps them from running; without it they run in order', async () => {
    const inbox = await signUpWithChannel(suite);
    await createRule(inbox.api, { trigger: 'created_by_customer', conditions: [{ field: 'subject', op: 'contains', value: 'vip' }], actions: [{ type: 'add_tag', value: 'vip' }], stop: true });
    await createRule(inbox.api, { trigger: 'created_by_customer', actions: [{ type: 'add_tag', value: 'triage' }] });
    const vip = await mailIn(inbox, { subject: 'VIP customer' });
    expect((await conversation(inbox.api, vip.conversationId)).tags).toEqual(['vip']);
    const plain = await mailIn(inbox, { subject: 'Plain' });
    expect((await conversation(inbox.api, plain.conversationId)).tags).toEqual(['triage']);
  });

  it('a rule never triggers itself or another: two rules that undo each other run once each', async () => {
    const inbox = await signUpWithChannel(suite);
    await createRule(inbox.api, { name: 'Reopen', trigger: 'status_changed', conditions: [{ field: 'status', op: 'is', value: 'CLOSED' }], actions: [{ type: 'set_status', value: 'OPENED' }] });
    await createRule(inbox.api, { name: 'Close', trigger: 'status_changed', conditions: [{ field: 'status', op: 'is', value: 'OPENED' }], actions: [{ type: 'set_status', value: 'CLOSED' }] });
    await createRule(inbox.api, { name: 'Echo', trigger: 'tag_added', actions: [{ type: 'add_tag', value: 'echo' }, { type: 'remove_tag', value: 'first' }] });
    const { conversationId } = await mailIn(inbox);
    expect((await inbox.api.post(`conversations/${conversationId}/status`, { status: 'CLOSED' })).status).toBe(200);
    expect((await inbox.api.post(`conversations/${conversationId}/tags`, { name: 'first' })).status).toBe(200);
    const notes = (await ruleNotes(inbox.api, conversationId)).map((note) => note.message);
    expect(notes).toEqual(['Rule “Reopen”: set status to opened.', 'Rule “Close”: set status to closed.', 'Rule “Echo”: added tag echo; removed tag first.']);
    expect(await conversation(inbox.api, conversationId)).toMatchObject({ status: 'CLOSED', tags: ['echo'] });
  });

  it('refuses changes without rule.* (403) but shows the rules, and answers another organization’s rule ids 404 like missing ones', async () => {
    const inbox = await signUpWithChannel(suite);
    const rule = await createRule(inbox.api, { trigger: 'created_by_customer', actions: [{ type: 'add_tag', value: 'x' }] });
    const agent = await invitedTeammate(suite, inbox, []);
    expect((await agent.get<{ rules: Rule[] }>('rules/')).body.rules.map((r) => r.id)).toEqual([rule.id]);
    expect((await agent.post('rules/', { id: 'ru-x', name: 'X', trigger: 'assigned', actions: [{ type: 'add_tag', value: 'x' }] })).status).toBe(403);
    expect((await agent.patch(`rules/${rule.id}`, { enabled: false })).status).toBe(403);
    expect((await agent.patch(`rules/${rule.id}/position`, { position: 0 })).status).toBe(403);
    expect((await agent.delete(`rules/${rule.id}`)).status).toBe(403);
    expect((await agent.post('rules/dry-run', { trigger: 'assigned', conditions: [] })).status).toBe(403);
    const admin = await invitedTeammate(suite, inbox, ['rule.update']);
    expect((await admin.patch<Rule>(`rules/${rule.id}`, { enabled: false })).body.enabled).toBe(false);

    const stranger = await suite.signUp();
    const missing = await stranger.api.patch('rules/ru-missing', { enabled: true });
    const foreign = await stranger.api.patch(`rules/${rule.id}`, { enabled: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await stranger.api.delete(`rules/${rule.id}`)).status).toBe(404);
    expect((await stranger.api.patch(`rules/${rule.id}/position`, { position: 0 })).status).toBe(404);
    expect((await stranger.api.get<{ rules: Rule[] }>('rules/')).body.rules).toEqual([]);
  });

  it('refuses a rule without a name or an action, a wrong operator, an unknown teammate or snippet and control characters with clear 400s', async () => {
    const inbox = await signUpWithChannel(suite);
    const post = (body: object) => inbox.api.post('rules/', { id: `ru-${uid()}`, name: 'R', trigger: 'created_by_customer', actions: [{ type: 'add_tag', value: 'x' }], ...body });
    expect((await post({ name: ' ' })).body).toEqual({ errors: { name: 'cannot be empty' } });
    expect((await post({ actions: [] })).body).toEqual({ errors: { actions: 'needs at least one action' } });
    expect((await post({ conditions: [{ field: 'subject', op: 'is', value: 'x' }] })).body).toEqual({ errors: { 'conditions.0.op': 'does not go with this condition' } });
    expect((await post({ conditions: [{ field: 'subject', op: 'contains', value: '' }] })).body).toEqual({ errors: { 'conditions.0.value': 'cannot be empty' } });
    expect((await post({ actions: [{ type: 'assign', value: '999999' }] })).body).toEqual({ errors: { 'actions.0.value': 'is not an active teammate' } });
    expect((await post({ actions: [{ type: 'reply_snippet', value: 'sn-none' }] })).body).toEqual({ errors: { 'actions.0.value': 'is not a snippet' } });
    expect((await post({ trigger: 'waited_for_us' })).body).toEqual({ errors: { 'wait.amount': 'is required for a waiting rule' } });
    expect((await post({ name: 'Bell\u0007' })).status).toBe(400);
  });

  it('reorders rules and renumbers them; the order decides which rule sees the conversation first', async () => {
    const inbox = await signUpWithChannel(suite);
    const a = await createRule(inbox.api, { name: 'A', trigger: 'created_by_customer', actions: [{ type: 'set_status', value: 'WAITING' }] });
    const b = await createRule(inbox.api, { name: 'B', trigger: 'created_by_customer', conditions: [{ field: 'status', op: 'is', value: 'OPENED' }], actions: [{ type: 'add_tag', value: 'b-first' }] });
    const before = await mailIn(inbox);
    expect((await conversation(inbox.api, before.conversationId)).tags).toEqual([]);
    const moved = await inbox.api.patch<{ rules: Rule[] }>(`rules/${b.id}/position`, { position: 0 });
    expect(moved.body.rules.map((rule) => [rule.id, rule.position]).sort()).toEqual([[a.id, 1], [b.id, 0]].sort());
    const after = await mailIn(inbox);
    expect((await conversation(inbox.api, after.conversationId)).tags).toEqual(['b-first']);
    expect((await inbox.api.patch(`rules/${b.id}/position`, { position: 5 })).body).toEqual({ errors: { position: 'must be at most 1' } });
  });

  it('a waiting rule fires once the conversation has waited, including conversations that waited before it existed, and a reply cancels it', async () => {
    const inbox = await signUpWithChannel(suite);
    const already = await mailIn(inbox, { subject: 'Waited before the rule' });
    // 0.001 h = 3.6 s for our reply.
    const rule = await createRule(inbox.api, { name: 'Chase', trigger: 'waited_for_us', wait: { amount: 0.001, business_hours: false }, actions: [{ type: 'add_tag', value: 'late' }] });
    const answered = await mailIn(inbox, { subject: 'Answered in time' });
    expect((await inbox.api.post(`conversations/${answered.conversationId}/reply`, { message: 'On it', source: 'EMAIL' })).status).toBe(201);
    const jobs = (ref: string) => suite.db().selectFrom('jobs').selectAll().where('kind', '=', 'rule_wait').where('ref', '=', ref).execute();
    expect((await jobs(`${answered.conversationId}:${rule.id}`)).map((job) => job.cancelled_at !== null)).toEqual([true]);
    const control = await mailIn(inbox, { subject: 'Never answered' });

    await until(() => conversation(inbox.api, control.conversationId), (c) => c.tags.includes('late'));
    expect((await conversation(inbox.api, already.conversationId)).tags).toEqual(['late']);
    expect((await conversation(inbox.api, answered.conversationId)).tags).toEqual([]);
    expect((await ruleNotes(inbox.api, control.conversationId)).map((note) => note.message)).toEqual(['Rule “Chase”: added tag late.']);
    expect((await jobs(`${control.conversationId}:${rule.id}`)).map((job) => [job.attempts, job.done_at !== null])).toEqual([[1, true]]);
  });

  it('reads the business hours: within them with no schedule set, outside them on a closed week, where a business-hours wait never ends, and new hours move the waits', async () => {
    const open = await signUpWithChannel(suite);
    const closed = await signUpWithChannel(suite);
    const closedWeek = { timezone: 'Europe/Paris', week: [[], [], [], [], [], [], []], holidays: { country: null, dates: [] } };
    expect((await closed.api.post('organization/hours', closedWeek)).status).toBe(200);
    for (const inbox of [open, closed]) {
      await createRule(inbox.api, { trigger: 'created_by_customer', conditions: [{ field: 'business_hours', op: 'within', value: '' }], actions: [{ type: 'add_tag', value: 'in-hours' }] });
      await createRule(inbox.api, { trigger: 'created_by_customer', conditions: [{ field: 'business_hours', op: 'outside', value: '' }], actions: [{ type: 'add_tag', value: 'after-hours' }] });
    }
    const counted = await createRule(closed.api, { trigger: 'waited_for_us', wait: { amount: 2, business_hours: true }, actions: [{ type: 'add_tag', value: 'late' }] });
    const plain = await createRule(closed.api, { trigger: 'waited_for_us', wait: { amount: 2, business_hours: false }, actions: [{ type: 'add_tag', value: 'late' }] });
    const inOpen = await mailIn(open);
    const inClosed = await mailIn(closed);
    expect((await conversation(open.api, inOpen.conversationId)).tags).toEqual(['in-hours']);
    expect((await conversation(closed.api, inClosed.conversationId)).tags).toEqual(['after-hours']);
    const jobs = await suite.db().selectFrom('jobs').select(['ref', 'run_at']).where('kind', '=', 'rule_wait').where('org_id', '=', closed.session.organization.id).execute();
    expect(jobs.map((job) => job.ref)).toEqual([`${inClosed.conversationId}:${plain.id}`]);
    expect(jobs.some((job) => job.ref.endsWith(counted.id))).toBe(false);

    // Counted in business hours on a working week: the wait ends 2 open hours after the customer's message.
    const week = defaultHours('Asia/Tokyo');
    expect((await open.api.post('organization/hours', week)).status).toBe(200);
    const weekRule = await createRule(open.api, { trigger: 'waited_for_us', wait: { amount: 2, business_hours: true }, actions: [{ type: 'add_tag', value: 'late' }] });
    const [received] = await threadOf(open.api, inOpen.conversationId);
    const [job] = await suite.db().selectFrom('jobs').select('run_at').where('kind', '=', 'rule_wait').where('ref', '=', `${inOpen.conversationId}:${weekRule.id}`).execute();
    expect(Number(job?.run_at)).toBe(addBusinessMillis(week, new Date(received?.timestamp_ts ?? 0), 2 * 3_600_000)?.getTime());

    // New hours: the wait is counted again on them (one pending job, at the new end).
    const moved = defaultHours('America/New_York');
    expect((await open.api.post('organization/hours', moved)).status).toBe(200);
    const pending = await suite
      .db()
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'rule_wait')
      .where('ref', '=', `${inOpen.conversationId}:${weekRule.id}`)
      .where('cancelled_at', 'is', null)
      .execute();
    expect(pending.map((row) => Number(row.run_at))).toEqual([addBusinessMillis(moved, new Date(received?.timestamp_ts ?? 0), 2 * 3_600_000)?.getTime()]);
  });

  it('the dry run counts the last 30 days’ conversations the conditions match, with a sample', async () => {
    const inbox = await signUpWithChannel(suite);
    await mailIn(inbox, { from: `ann-${uid()}@acme.example`, subject: 'Dry one' });
    await mailIn(inbox, { from: `bo-${uid()}@acme.example`, subject: 'Dry two' });
    await mailIn(inbox, { from: `cy-${uid()}@other.example`, subject: 'Dry three' });
    const run = await inbox.api.post<RuleDryRun>('rules/dry-run', { trigger: 'created_by_customer', conditions: [{ field: 'sender_domain', op: 'is', value: 'acme.example' }] });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ matched: 2, total: 3 });
    expect(run.body.sample.map((item) => item.subject).sort()).toEqual(['Dry one', 'Dry two']);
    const any = await inbox.api.post<RuleDryRun>('rules/dry-run', {
      trigger: 'created_by_customer',
      match: 'any',
      conditions: [
        { field: 'subject', op: 'contains', value: 'three' },
        { field: 'body', op: 'contains', value: 'nothing like this' },
      ],
    });
    expect(any.body.matched).toBe(1);
  });
});
