import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { bearerToken } from '../http/auth-hook';
import { forbidden, unauthorized } from '../http/http-error';
import { isLoopbackAddress } from '../net/public-address';
import { countPendingJobs } from '../jobs/job-queries';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The process's CPU time so far (every thread: the event loop, zlib, the content workers). */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** What a request for /metrics from elsewhere than this machine answers when METRICS_TOKEN is unset. */
export const METRICS_LOOPBACK_ONLY = 'Metrics are served to this machine only: set METRICS_TOKEN to read them from elsewhere.';

/**
 * Straight from this machine: a loopback connection that no proxy relayed. A reverse proxy on
 * the same machine connects from loopback too, but says whom it relays (X-Forwarded-For,
 * Forwarded, X-Real-IP), so a request through it is not taken as local.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const relayed = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((header) => request.headers[header] !== undefined);
  return !relayed && isLoopbackAddress(request.socket.remoteAddress ?? '');
}

/**
 * `GET /metrics` in the Prometheus text format. With METRICS_TOKEN set it needs `Authorization:
 * Bearer <METRICS_TOKEN>`; unset, it answers only requests straight from this machine (403 to
 * anyone else), so tenants' activity and the server's load are never public by default.
 */
export function registerMetricsRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get('/metrics', async (request, reply) => {
    const token = ctx.config.metricsToken;
    if (token !== null && !sameSecret(bearerToken(request) ?? '', token)) throw unauthorized();
    if (token === null && !fromThisMachine(request)) throw forbidden(METRICS_LOOPBACK_ONLY);
    const { sockets, sessions } = ctx.stream.counts();
    const { mutations } = ctx.metrics;
    const parse = ctx.content.stats();
    const lines = [
      '# HELP inbox_stream_sockets Open /stream sockets.',
      '# TYPE inbox_stream_sockets gauge',
      `inbox_stream_sockets ${sockets}`,
      '# HELP inbox_stream_sessions Distinct client sessions with an open /stream socket.',
      '# TYPE inbox_stream_sessions gauge',
      `inbox_stream_sessions ${sessions}`,
      '# HELP inbox_feed_rows_sent_total Change-feed rows sent over /stream (replayed and live).',
      '# TYPE inbox_feed_rows_sent_total counter',
      `inbox_feed_rows_sent_total ${ctx.metrics.feedRowsSent}`,
      '# HELP inbox_mutations_total Mutating calls by result: applied, replayed (a repeated mutation id) or failed (4xx).',
      '# TYPE inbox_mutations_total counter',
      ...(['applied', 'replayed', 'failed'] as const).map((result) => `inbox_mutations_total{result="${result}"} ${mutations[result]}`),
      '# HELP inbox_bootstrap_first_screens_total Bootstraps by how their first screen ended: answered (the client wrote it and said so) or timed_out (the rest was sent after FIRST_SCREEN_WAIT_MS).',
      '# TYPE inbox_bootstrap_first_screens_total counter',
      ...(['answered', 'timed_out'] as const).map((outcome) => `inbox_bootstrap_first_screens_total{outcome="${outcome}"} ${ctx.metrics.firstScreens[outcome]}`),
      '# HELP inbox_bootstrap_pace_waits_total Bootstrap frames that waited for the client to write what it had (BOOTSTRAP_WINDOW_DOCS), by how the wait ended: answered, or timed_out (sent anyway after BOOTSTRAP_STALL_MS).',
      '# TYPE inbox_bootstrap_pace_waits_total counter',
      ...(['answered', 'timed_out'] as const).map((outcome) => `inbox_bootstrap_pace_waits_total{outcome="${outcome}"} ${ctx.metrics.paceWaits[outcome]}`),
      '# HELP inbox_delivery_jobs_pending Held sends not yet delivered or cancelled (all organizations in the database).',
      '# TYPE inbox_delivery_jobs_pending gauge',
      `inbox_delivery_jobs_pending ${await countPendingJobs(ctx.db, 'deliver_message')}`,
      '# HELP inbox_parse_workers Worker threads parsing mail and cleaning HTML (busy or idle).',
      '# TYPE inbox_parse_workers gauge',
      `inbox_parse_workers ${parse.workers}`,
      '# HELP inbox_parse_jobs_queued Parse and clean jobs waiting for a worker.',
      '# TYPE inbox_parse_jobs_queued gauge',
      `inbox_parse_jobs_queued ${parse.queued}`,
      '# HELP inbox_parse_jobs_total Parse and clean jobs by outcome: done, or why there was no result.',
      '# TYPE inbox_parse_jobs_total counter',
      ...Object.entries(parse.finished).map(([outcome, count]) => `inbox_parse_jobs_total{outcome="${outcome}"} ${count}`),
      '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.',
      '# TYPE process_cpu_seconds_total counter',
      `process_cpu_seconds_total ${cpuSeconds()}`,
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${process.memoryUsage.rss()}`,
    ];
    return reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(`${lines.join('\n')}\n`);
  });
}
