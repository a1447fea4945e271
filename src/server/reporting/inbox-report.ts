import { sql, type Expression, type SqlBool } from 'kysely';
import type { DurationSummary, InboxReport, InboxReportQuery, InboxReportTotals } from '../../protocol/api/reporting-requests';
import type { ScheduleHours } from '../../protocol/hours/hours-model';
import { businessMillisBetween } from '../../protocol/hours/schedule';
import type { InboxQuery, InboxTerm } from '../../protocol/inbox-query/inbox-query';
import { inboxQueryWhere } from '../conversations/inbox-query-sql';
import type { Db } from '../db/database';
import type { DialectName } from '../db/open-database';
import { dayIn, reportDays, type ReportDays } from '../http/report-days';
import { reportConversations, type ReportConversation } from './report-conversations';

const HOUR_MS = 3_600_000;

/** What the report needs of the organization: its database, zone, hours and the asking agent. */
export type ReportScope = { db: Db; dialect: DialectName; orgId: number; me: number; zone: string; hours: ScheduleHours | null; now: number };

/**
 * The inbox query of the report's filters and its `q` (already parsed): the channel, tag and
 * assignee are the same terms a user could type, so the drill-down's query lists exactly the
 * conversations a figure counts.
 */
export function reportFilterQuery(query: InboxReportQuery, typed: InboxQuery | null): InboxQuery {
  const terms: InboxTerm[] = [...(typed?.terms ?? [])];
  if (query.channel) terms.push({ kind: 'channel', negated: false, values: [query.channel] });
  if (query.tag) terms.push({ kind: 'tag', negated: false, values: [query.tag] });
  if (query.assignee !== undefined) terms.push({ kind: 'assigned', negated: false, values: [query.assignee] });
  return { terms, order: null };
}

/**
 * A nearest-rank percentile of sorted values: the smallest value with at least `p`% of the values
 * at or below it (the median of 4 values is the 2nd, the p90 of 10 values the 9th).
 */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

function summary(values: number[]): DurationSummary {
  const sorted = values.sort((a, b) => a - b);
  return { median: nearestRank(sorted, 50), p90: nearestRank(sorted, 90), count: sorted.length };
}

/** A span in milliseconds: wall time, or only the organization's open hours when asked and set. */
function spanOf(scope: ReportScope, businessHours: boolean) {
  return (from: number, to: number) => (businessHours && scope.hours ? businessMillisBetween(scope.hours, new Date(from), new Date(to)) : to - from);
}

type MessageCounts = { received: number; sent: number };

/** Customer messages received and agent messages sent per hour bucket (epoch hour), of the filtered conversations. */
async function messagesByHour(scope: ReportScope, where: (eb: Parameters<typeof inboxQueryWhere>[0]) => Expression<SqlBool>, since: number, until: number) {
  const hour = sql<number | string>`cast(${sql.ref('messages.timestamp_ts')} / ${sql.lit(HOUR_MS)} as bigint)`;
  const rows = await scope.db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .innerJoin('contacts', 'contacts.id', 'conversations.contact_id')
    .select([
      hour.as('hour'),
      sql<number | string>`sum(case when ${sql.ref('messages.agent_id')} is null then 1 else 0 end)`.as('received'),
      sql<number | string>`sum(case when ${sql.ref('messages.agent_id')} is not null then 1 else 0 end)`.as('sent'),
    ])
    .where('messages.org_id', '=', scope.orgId)
    .where('messages.timestamp_ts', '>=', since)
    .where('messages.timestamp_ts', '<', until)
    .where('messages.type', '=', 'MESSAGE')
    .where('messages.status', 'not in', ['CANCELLED', 'PENDING'])
    .where('messages.is_removed', '=', 0)
    .where('conversations.merged_into', 'is', null)
    .where((eb) => where(eb))
    .groupBy(hour)
    .execute();
  return rows.map((row) => ({ hour: Number(row.hour), received: Number(row.received), sent: Number(row.sent) }));
}

function totals(scope: ReportScope, rows: readonly ReportConversation[], days: ReportDays, messages: MessageCounts, businessHours: boolean): InboxReportTotals {
  const span = spanOf(scope, businessHours);
  const created = rows.filter((row) => row.created_at >= days.since && row.created_at < days.until);
  return {
    created: created.length,
    closed: rows.filter((row) => row.closed_at !== null && row.closed_at >= days.since && row.closed_at < days.until).length,
    reopened: created.filter((row) => row.reopen_count > 0).length,
    messages_received: messages.received,
    messages_sent: messages.sent,
    first_response: summary(created.flatMap((row) => (row.first_response_at === null ? [] : [span(row.created_at, row.first_response_at)]))),
    resolution: summary(created.flatMap((row) => (row.status === 'CLOSED' && row.closed_at !== null ? [span(row.created_at, row.closed_at)] : []))),
  };
}

function previousDays(days: ReportDays, zone: string): ReportDays {
  const length = days.days.length;
  const to = dayIn(zone, days.since - 1);
  return reportDays(zone, { to, days: length }, days.since);
}

function ranked<K>(counts: Map<K, number>): [K, number][] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

/**
 * `GET reporting/inbox`: the range's figures against the period of the same length before it,
 * over the conversations the filters match (merged-away ones left out). Conversations are read
 * once for both periods with their first response (in SQL); messages are counted per hour in SQL.
 */
export async function inboxReport(scope: ReportScope, query: InboxReportQuery, filter: InboxQuery): Promise<InboxReport> {
  const days = reportDays(scope.zone, { from: query.from, to: query.to, days: 0 }, scope.now);
  const previous = previousDays(days, scope.zone);
  const context = { dialect: scope.dialect, me: scope.me, timeZone: scope.zone };
  const where = (eb: Parameters<typeof inboxQueryWhere>[0]) => inboxQueryWhere(eb, filter, context);
  const businessHours = query.business_hours && scope.hours !== null;

  const [rows, hourly, agents] = await Promise.all([
    reportConversations(scope, where, previous.since, days.until),
    messagesByHour(scope, where, previous.since, days.until),
    scope.db.selectFrom('agents').select(['id', 'name']).where('org_id', '=', scope.orgId).execute(),
  ]);
  const count = (range: ReportDays): MessageCounts =>
    hourly
      .filter((row) => row.hour * HOUR_MS >= range.since && row.hour * HOUR_MS < range.until)
      .reduce((sum, row) => ({ received: sum.received + row.received, sent: sum.sent + row.sent }), { received: 0, sent: 0 });

  const inRange = rows.filter((row) => row.created_at >= days.since && row.created_at < days.until);
  const byDay = new Map(days.days.map((day) => [day, { day, created: 0, closed: 0 }]));
  for (const row of rows) {
    if (row.created_at >= days.since && row.created_at < days.until) {
      const entry = byDay.get(dayIn(scope.zone, row.created_at));
      if (entry) entry.created += 1;
    }
    if (row.closed_at !== null && row.closed_at >= days.since && row.closed_at < days.until) {
      const entry = byDay.get(dayIn(scope.zone, row.closed_at));
      if (entry) entry.closed += 1;
    }
  }

  const channels = new Map<string, number>();
  const tags = new Map<string, number>();
  const assignees = new Map<number | null, number>();
  for (const row of inRange) {
    channels.set(row.channel, (channels.get(row.channel) ?? 0) + 1);
    for (const tag of row.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    assignees.set(row.agent_id, (assignees.get(row.agent_id) ?? 0) + 1);
  }
  const tagNames = new Map(
    (await scope.db.selectFrom('tags').select(['slug', 'name']).where('org_id', '=', scope.orgId).execute()).map((tag) => [tag.slug, tag.name]),
  );
  const agentName = new Map(agents.map((agent) => [agent.id, agent.name]));

  // Local weekday (0 = Monday) and hour of each hour bucket's start.
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: scope.zone, weekday: 'short', hour: '2-digit', hourCycle: 'h23' });
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const heat = new Map<string, number>();
  for (const row of hourly) {
    if (row.received === 0 || row.hour * HOUR_MS < days.since || row.hour * HOUR_MS >= days.until) continue;
    const parts = local.formatToParts(new Date(row.hour * HOUR_MS));
    const weekday = weekdays.indexOf(parts.find((part) => part.type === 'weekday')?.value ?? '');
    const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
    const key = `${weekday}:${hour}`;
    heat.set(key, (heat.get(key) ?? 0) + row.received);
  }

  const span = spanOf(scope, businessHours);
  const perAgent = new Map<number, { handled: Set<number>; replies: number; responses: number[] }>();
  for (const row of inRange) {
    if (row.first_responder !== null) {
      const entry = perAgent.get(row.first_responder) ?? { handled: new Set<number>(), replies: 0, responses: [] };
      if (row.first_response_at !== null) entry.responses.push(span(row.created_at, row.first_response_at));
      perAgent.set(row.first_responder, entry);
    }
  }
  const replies = await repliesByAgent(scope, where, days);
  for (const reply of replies) {
    const entry = perAgent.get(reply.agent_id) ?? { handled: new Set<number>(), replies: 0, responses: [] };
    entry.replies += reply.replies;
    reply.conversations.forEach((id) => entry.handled.add(id));
    perAgent.set(reply.agent_id, entry);
  }
  const openNow = await openByAgent(scope, where);

  return {
    from: days.from,
    to: days.to,
    previous_from: previous.from,
    previous_to: previous.to,
    time_zone: scope.zone,
    business_hours: businessHours,
    has_business_hours: scope.hours !== null,
    current: totals(scope, rows, days, count(days), businessHours),
    previous: totals(scope, rows, previous, count(previous), businessHours),
    by_day: [...byDay.values()],
    by_channel: ranked(channels).map(([channel, created]) => ({ channel, created })),
    by_tag: ranked(tags).map(([tag, created]) => ({ tag, name: tagNames.get(tag) ?? tag, created })),
    by_assignee: ranked(assignees).map(([agent_id, created]) => ({ agent_id, name: agent_id === null ? 'Unassigned' : (agentName.get(agent_id) ?? 'Former teammate'), created })),
    heatmap: [...heat.entries()].map(([key, count]) => {
      const [weekday = 0, hour = 0] = key.split(':').map(Number);
      return { weekday, hour, count };
    }),
    agents: agents
      .map((agent) => {
        const entry = perAgent.get(agent.id);
        const responses = (entry?.responses ?? []).sort((a, b) => a - b);
        return {
          agent_id: agent.id,
          name: agent.name,
          handled: entry?.handled.size ?? 0,
          replies: entry?.replies ?? 0,
          first_response_median: nearestRank(responses, 50),
          open_now: openNow.get(agent.id) ?? 0,
        };
      })
      .sort((a, b) => b.replies - a.replies || a.name.localeCompare(b.name)),
  };
}

/** Replies each agent sent in the range, and the conversations they went to (of the filtered ones). */
async function repliesByAgent(scope: ReportScope, where: (eb: Parameters<typeof inboxQueryWhere>[0]) => Expression<SqlBool>, days: ReportDays) {
  const rows = await scope.db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .innerJoin('contacts', 'contacts.id', 'conversations.contact_id')
    .select(['messages.agent_id', 'messages.conversation_id', (eb) => eb.fn.countAll<number | string>().as('replies')])
    .where('messages.org_id', '=', scope.orgId)
    .where('messages.timestamp_ts', '>=', days.since)
    .where('messages.timestamp_ts', '<', days.until)
    .where('messages.type', '=', 'MESSAGE')
    .where('messages.agent_id', 'is not', null)
    .where('messages.status', 'not in', ['CANCELLED', 'PENDING'])
    .where('messages.is_removed', '=', 0)
    .where('conversations.merged_into', 'is', null)
    .where((eb) => where(eb))
    .groupBy(['messages.agent_id', 'messages.conversation_id'])
    .execute();
  const byAgent = new Map<number, { agent_id: number; replies: number; conversations: number[] }>();
  for (const row of rows) {
    if (row.agent_id === null) continue;
    const entry = byAgent.get(row.agent_id) ?? { agent_id: row.agent_id, replies: 0, conversations: [] };
    entry.replies += Number(row.replies);
    entry.conversations.push(row.conversation_id);
    byAgent.set(row.agent_id, entry);
  }
  return [...byAgent.values()];
}

/** Open conversations per assignee now (the filters apply, the range does not). */
async function openByAgent(scope: ReportScope, where: (eb: Parameters<typeof inboxQueryWhere>[0]) => Expression<SqlBool>): Promise<Map<number, number>> {
  const rows = await scope.db
    .selectFrom('conversations')
    .innerJoin('contacts', 'contacts.id', 'conversations.contact_id')
    .select(['conversations.agent_id', (eb) => eb.fn.countAll<number | string>().as('open')])
    .where('conversations.org_id', '=', scope.orgId)
    .where('conversations.status', '=', 'OPENED')
    .where('conversations.agent_id', 'is not', null)
    .where('conversations.merged_into', 'is', null)
    .where((eb) => where(eb))
    .groupBy('conversations.agent_id')
    .execute();
  return new Map(rows.flatMap((row) => (row.agent_id === null ? [] : [[row.agent_id, Number(row.open)] as const])));
}
