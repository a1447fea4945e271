import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { inboxReportQuery, REPORT_LIMITS, type InboxReport } from '../../protocol/api/reporting-requests';
import { parseInboxQuery } from '../../protocol/inbox-query/parse-inbox-query';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import { inboxQueryWhere } from '../conversations/inbox-query-sql';
import { readHours } from '../hours/hours-document';
import { requireSession, signedIn } from '../http/auth-hook';
import { sendCsv, toCsv } from '../http/csv';
import { fieldError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { inboxReport, reportFilterQuery, type ReportScope } from './inbox-report';
import { reportConversations } from './report-conversations';
import { reportDays } from '../http/report-days';

const DAY_MS = 86_400_000;

/** `GET reporting/inbox` and its CSV (§2 `reporting/inbox`, §6 `organization.reporting`). */
export function registerReportingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  /** The asked range and filters, checked, with the organization's zone and hours. */
  async function readRequest(request: FastifyRequest) {
    const { agent, organization } = signedIn(request);
    assertCan(agent, PAGE_PERMISSIONS['reporting/inbox']);
    const query = parseInput(inboxReportQuery, request.query);
    const from = Date.parse(`${query.from}T00:00:00Z`);
    const to = Date.parse(`${query.to}T00:00:00Z`);
    if (Number.isNaN(from)) throw fieldError('from', 'must be a date (YYYY-MM-DD)');
    if (Number.isNaN(to)) throw fieldError('to', 'must be a date (YYYY-MM-DD)');
    if (to < from) throw fieldError('to', 'must not be before from');
    if ((to - from) / DAY_MS + 1 > REPORT_LIMITS.days) throw fieldError('to', `the range may span at most ${REPORT_LIMITS.days} days`);
    let typed = null;
    if (query.q !== undefined && query.q.trim() !== '') {
      const parsed = parseInboxQuery(query.q);
      if (!parsed.ok) throw fieldError('q', parsed.error.message);
      typed = parsed.query;
    }
    const hours = await readHours(ctx.db, organization.id);
    const zone = hours?.timezone ?? 'UTC';
    const scope: ReportScope = { db: ctx.db, dialect: ctx.dialect, orgId: organization.id, me: agent.id, zone, hours, now: ctx.clock() };
    return { scope, query, filter: reportFilterQuery(query, typed) };
  }

  registerRoute(app, REST_ROUTES.inboxReport, { preHandler }, async (request): Promise<InboxReport> => {
    const { scope, query, filter } = await readRequest(request);
    return inboxReport(scope, query, filter);
  });

  // One row per conversation created in the range (the filters applied), formula cells neutralised.
  registerRoute(app, REST_ROUTES.inboxReportExport, { preHandler }, async (request, reply) => {
    const { scope, query, filter } = await readRequest(request);
    const days = reportDays(scope.zone, { from: query.from, to: query.to, days: 0 }, scope.now);
    const context = { dialect: scope.dialect, me: scope.me, timeZone: scope.zone };
    const rows = (await reportConversations(scope, (eb) => inboxQueryWhere(eb, filter, context), days.since, days.until))
      .filter((row) => row.created_at >= days.since && row.created_at < days.until)
      .sort((a, b) => a.created_at - b.created_at || a.id - b.id);
    const [agents, tags] = await Promise.all([
      ctx.db.selectFrom('agents').select(['id', 'name']).where('org_id', '=', scope.orgId).execute(),
      ctx.db.selectFrom('tags').select(['slug', 'name']).where('org_id', '=', scope.orgId).execute(),
    ]);
    const agentName = new Map(agents.map((agent) => [agent.id, agent.name]));
    const tagName = new Map(tags.map((tag) => [tag.slug, tag.name]));
    const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
    const seconds = (from: number, to: number | null) => (to === null ? '' : Math.round((to - from) / 1000));
    const csv = toCsv(
      ['id', 'created', 'first_response', 'first_response_seconds', 'closed', 'resolution_seconds', 'status', 'assignee', 'tags', 'channel', 'contact', 'contact_email'],
      rows.map((row) => {
        const closed = row.status === 'CLOSED' ? row.closed_at : null;
        return [
          row.id,
          iso(row.created_at),
          iso(row.first_response_at),
          seconds(row.created_at, row.first_response_at),
          iso(closed),
          seconds(row.created_at, closed),
          row.status,
          row.agent_id === null ? '' : (agentName.get(row.agent_id) ?? ''),
          row.tags.map((slug) => tagName.get(slug) ?? slug).join('; '),
          row.channel,
          row.contact_name,
          row.contact_email ?? '',
        ];
      }),
    );
    return sendCsv(reply, `inbox-report-${days.from}-${days.to}.csv`, csv);
  });
}
