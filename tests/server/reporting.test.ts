import { it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import type { InboxReport } from '../../src/protocol/api/reporting-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Conversation } from '../../src/protocol/documents';
import { defaultHours } from '../../src/protocol/hours/hours-model';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { describeEachDatabase, uid, useServerSuite, type ServerSuite, type SignedUp } from './server-suite';
import { seedInto } from './sync-fixtures';
import { invitedTeammate } from './teammates';

const MINUTE = 60_000;
const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

/**
 * A conversation of the hand-built set: created at `created` (an instant), its customer's message
 * then, an agent's reply `reply` minutes later, closed `closed` minutes after creation (or open).
 */
type Planned = { created: string; reply: number; closed: number | null; reopened?: number; name?: string };

/**
 * Europe/Paris around the end of summer time (2026-10-25, 03:00 → 02:00): the report's range is
 * 2026-10-20..2026-10-29 there, its previous period 2026-10-10..2026-10-19.
 */
const PLAN: Planned[] = [
  // Saturday 24 October, 23:30 in Paris (UTC+2).
  { created: '2026-10-24T21:30:00Z', reply: 10, closed: 60 },
  // Sunday 25 October, 00:30 in Paris, still the 24th in UTC.
  { created: '2026-10-24T22:30:00Z', reply: 30, closed: null },
  // Sunday 25 October, 23:30 in Paris (UTC+1 since 03:00): closed, reopened once, closed again.
  { created: '2026-10-25T22:30:00Z', reply: 20, closed: 120, reopened: 1 },
  // Monday 26 October, 10:00 in Paris, in business hours; its contact's name looks like a formula.
  { created: '2026-10-26T09:00:00Z', reply: 40, closed: 30, name: '=HYPERLINK("http://evil.example","x")' },
  // Thursday 15 October: the previous period.
  { created: '2026-10-15T08:00:00Z', reply: 5, closed: null },
];

/** Seeds one conversation per planned one, then sets its times, thread and state as planned. */
async function handBuilt(suite: ServerSuite, owner: SignedUp): Promise<number[]> {
  await seedInto(suite.server, owner.domain, PLAN.length, 2);
  const page = await owner.api.get<ConversationPage>(`conversations/?filter=all&limit=${PLAN.length}`);
  const conversations = page.body.conversations.sort((a: Conversation, b: Conversation) => a.id - b.id);
  const db = suite.db();
  const agentId = owner.session.agent.id;
  for (const [index, plan] of PLAN.entries()) {
    const conversation = conversations[index];
    if (!conversation) throw new Error('Not enough conversations seeded');
    const created = Date.parse(plan.created);
    const messages = await db.selectFrom('messages').select('id').where('conversation_id', '=', conversation.id).orderBy('id').execute();
    const [first, second, ...rest] = messages;
    if (!first || !second) throw new Error('Two messages were seeded');
    if (rest.length > 0) await db.deleteFrom('messages').where('id', 'in', rest.map((row) => row.id)).execute();
    await db.updateTable('messages').set({ type: 'MESSAGE', agent_id: null, status: 'RECEIVED', is_removed: 0, timestamp_ts: created, created_at: created }).where('id', '=', first.id).execute();
    const replied = created + plan.reply * MINUTE;
    await db.updateTable('messages').set({ type: 'MESSAGE', agent_id: agentId, status: 'SENT', is_removed: 0, timestamp_ts: replied, created_at: replied }).where('id', '=', second.id).execute();
    await db
      .updateTable('conversations')
      .set({
        created_at: created,
        status: plan.closed === null ? 'OPENED' : 'CLOSED',
        closed_at: plan.closed === null ? null : created + plan.closed * MINUTE,
        reopen_count: plan.reopened ?? 0,
        agent_id: index === 1 ? null : agentId,
        channel: index === 3 ? 'CHAT' : 'EMAIL',
        tags: JSON.stringify(index < 2 ? ['billing'] : []),
      })
      .where('id', '=', conversation.id)
      .execute();
    await db.updateTable('contacts').set({ name: `Customer ${index}` }).where('id', '=', conversation.contact_id).execute();
  }
  // Last: the seed may give two conversations one contact.
  for (const [index, plan] of PLAN.entries()) {
    const contactId = conversations[index]?.contact_id;
    if (plan.name && contactId !== undefined) await db.updateTable('contacts').set({ name: plan.name }).where('id', '=', contactId).execute();
  }
  return conversations.map((conversation) => conversation.id);
}

async function parisHours(owner: SignedUp): Promise<void> {
  const saved = await owner.api.post('organization/hours', defaultHours('Europe/Paris'), { headers: mutation() });
  if (saved.status !== 200) throw new Error(`Saving hours failed: ${saved.status} ${saved.text}`);
}

const RANGE = 'from=2026-10-20&to=2026-10-29';

describeEachDatabase('inbox report', (database) => {
  const suite = useServerSuite(database);

  it('counts a hand-built month in the organization’s time zone across the DST change: medians and p90s by nearest rank, by day, channel, tag, assignee and hour', async ({ expect }) => {
    const owner = await suite.signUp();
    await parisHours(owner);
    await handBuilt(suite, owner);
    const answer = await owner.api.get<InboxReport>(`reporting/inbox?${RANGE}`);
    expect(answer.status).toBe(200);
    const report = answer.body;
    expect(report).toMatchObject({ from: '2026-10-20', to: '2026-10-29', previous_from: '2026-10-10', previous_to: '2026-10-19', time_zone: 'Europe/Paris', has_business_hours: true, business_hours: false });
    // First responses 10, 30, 20, 40 min: the median is the 2nd of 4 (20), the p90 the 4th (40).
    // Resolutions of the closed ones 60, 120, 30 min: the 2nd of 3 (60) and the 3rd (120).
    expect(report.current).toEqual({
      created: 4,
      closed: 3,
      reopened: 1,
      messages_received: 4,
      messages_sent: 4,
      first_response: { median: 20 * MINUTE, p90: 40 * MINUTE, count: 4 },
      resolution: { median: 60 * MINUTE, p90: 120 * MINUTE, count: 3 },
    });
    expect(report.previous).toMatchObject({ created: 1, closed: 0, messages_received: 1, first_response: { median: 5 * MINUTE, p90: 5 * MINUTE, count: 1 } });
    // 00:30 on the 25th in Paris is the 25th (the 24th in UTC); 23:30 after the change is the 25th too.
    expect(report.by_day).toHaveLength(10);
    expect(report.by_day.filter((day) => day.created > 0 || day.closed > 0)).toEqual([
      { day: '2026-10-24', created: 1, closed: 0 },
      { day: '2026-10-25', created: 2, closed: 1 },
      { day: '2026-10-26', created: 1, closed: 2 },
    ]);
    expect(report.by_channel).toEqual([
      { channel: 'EMAIL', created: 3 },
      { channel: 'CHAT', created: 1 },
    ]);
    expect(report.by_tag).toEqual([{ tag: 'billing', name: 'Billing', created: 2 }]);
    expect(report.by_assignee).toEqual([
      { agent_id: owner.session.agent.id, name: owner.session.agent.name, created: 3 },
      { agent_id: null, name: 'Unassigned', created: 1 },
    ]);
    // Customer messages by local weekday (0 = Monday) and hour: Saturday 23:00, Sunday 00:00 and 23:00, Monday 10:00.
    expect([...report.heatmap].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)).toEqual([
      { weekday: 0, hour: 10, count: 1 },
      { weekday: 5, hour: 23, count: 1 },
      { weekday: 6, hour: 0, count: 1 },
      { weekday: 6, hour: 23, count: 1 },
    ]);
    expect(report.agents.find((agent) => agent.agent_id === owner.session.agent.id)).toEqual({
      agent_id: owner.session.agent.id,
      name: owner.session.agent.name,
      handled: 4,
      replies: 4,
      first_response_median: 20 * MINUTE,
      // Open now, whenever created: the previous period's conversation.
      open_now: 1,
    });

    // In business hours (Monday to Friday 9–17 in Paris) only the Monday reply took time: 0, 0, 0, 40 min.
    const business = (await owner.api.get<InboxReport>(`reporting/inbox?${RANGE}&business_hours=1`)).body;
    expect(business.business_hours).toBe(true);
    expect(business.current.first_response).toEqual({ median: 0, p90: 40 * MINUTE, count: 4 });

    // Filters narrow every figure: the tag, the channel, the assignee and a typed inbox query.
    const billing = (await owner.api.get<InboxReport>(`reporting/inbox?${RANGE}&tag=billing`)).body;
    expect(billing.current).toMatchObject({ created: 2, messages_received: 2, first_response: { median: 10 * MINUTE, p90: 30 * MINUTE, count: 2 } });
    expect((await owner.api.get<InboxReport>(`reporting/inbox?${RANGE}&channel=CHAT`)).body.current.created).toBe(1);
    expect((await owner.api.get<InboxReport>(`reporting/inbox?${RANGE}&assignee=none`)).body.current.created).toBe(1);
    expect((await owner.api.get<InboxReport>(`reporting/inbox?${RANGE}&q=${encodeURIComponent('is:closed')}`)).body.current.created).toBe(3);
    // The drill-down's query: a day's bar lists exactly the conversations it counts.
    expect((await owner.api.get<ConversationPage>(`conversations/?filter=all&search=${encodeURIComponent('created:2026-10-25')}`)).body.conversations).toHaveLength(2);
  });

  it('closing and reopening through the API are what the report counts', async ({ expect }) => {
    const owner = await suite.signUp();
    await seedInto(suite.server, owner.domain, 1, 1);
    const [conversation] = (await owner.api.get<ConversationPage>('conversations/?filter=all')).body.conversations;
    if (!conversation) throw new Error('No conversation');
    const today = new Date().toISOString().slice(0, 10);
    await suite.db().updateTable('conversations').set({ created_at: Date.now() - MINUTE }).where('id', '=', conversation.id).execute();
    for (const status of ['CLOSED', 'OPENED', 'CLOSED']) {
      expect((await owner.api.post(`conversations/${conversation.id}/status`, { status }, { headers: mutation() })).status).toBe(200);
    }
    const report = (await owner.api.get<InboxReport>(`reporting/inbox?from=${today}&to=${today}`)).body;
    expect(report.current).toMatchObject({ created: 1, closed: 1, reopened: 1, resolution: { count: 1 } });
  });

  it('exports one CSV row per conversation created in the range, quoting cells and neutralising the ones a spreadsheet would run', async ({ expect }) => {
    const owner = await suite.signUp();
    await parisHours(owner);
    const ids = await handBuilt(suite, owner);
    const answer = await owner.api.get<string>(`reporting/inbox/export?${RANGE}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="inbox-report-2026-10-20-2026-10-29.csv"');
    const lines = answer.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,created,first_response,first_response_seconds,closed,resolution_seconds,status,assignee,tags,channel,contact,contact_email');
    expect(lines).toHaveLength(5);
    expect(lines[1]?.startsWith(`${ids[0]},2026-10-24T21:30:00.000Z,2026-10-24T21:40:00.000Z,600,2026-10-24T22:30:00.000Z,3600,CLOSED,`)).toBe(true);
    // The formula-like name gets a leading ' and, holding quotes and a comma, is quoted.
    expect(lines[4]).toContain(`,CHAT,"'=HYPERLINK(""http://evil.example"",""x"")",`);
  });

  it('needs organization.reporting, never counts another organization, and answers bad ranges with 400', async ({ expect }) => {
    const owner = await suite.signUp();
    await parisHours(owner);
    await handBuilt(suite, owner);
    const agent = await invitedTeammate(suite, owner, []);
    expect((await agent.get(`reporting/inbox?${RANGE}`)).status).toBe(403);
    expect((await agent.get(`reporting/inbox/export?${RANGE}`)).status).toBe(403);
    const reporter = await invitedTeammate(suite, owner, ['organization.reporting']);
    expect((await reporter.get<InboxReport>(`reporting/inbox?${RANGE}`)).body.current.created).toBe(4);

    const other = await suite.signUp();
    const theirs = (await other.api.get<InboxReport>(`reporting/inbox?${RANGE}`)).body;
    expect(theirs.current).toMatchObject({ created: 0, closed: 0, messages_received: 0 });
    expect(theirs.agents.map((row) => row.agent_id)).toEqual([other.session.agent.id]);

    for (const query of ['from=2026-10-29&to=2026-10-20', 'from=2025-01-01&to=2026-10-20', 'from=2026-13-01&to=2026-13-02', 'from=2026-10-01', 'from=2026-10-01&to=2026-10-02&q=is%3Anope', 'from=2026-10-01&to=2026-10-02&tag=%01']) {
      const bad = await owner.api.get<{ errors: Record<string, string> }>(`reporting/inbox?${query}`);
      expect(bad.status, query).toBe(400);
      expect(Object.keys(bad.body.errors ?? {}).length, query).toBeGreaterThan(0);
    }
  });
});
