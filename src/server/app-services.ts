import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { createAuthLimits } from './auth/auth-limits';
import { createSqlRateLimitStore } from './auth/rate-limit-store';
import { createWidgetHub } from './chat/widget-hub';
import type { DnsResolver } from './channels/domains/dns-resolver';
import { createEmailChannels } from './channels/email-channels';
import type { EmailTransport } from './channels/outbound/email-transport';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { agentPreferences } from './agents/agent-model';
import { findSession } from './auth/session';
import type { ContentJobs } from './content-jobs';
import { createContentPool } from './content/content-pool';
import type { Db } from './db/database';
import type { DialectName } from './db/open-database';
import { listeningUrl } from './http/server-options';
import { createJobRunner } from './jobs/job-runner';
import { createMailQueue } from './mail/mail-queue';
import type { Mailer } from './mail/mailer';
import { createPublicLinks } from './mail/public-links';
import type { MessageDelivery } from './messages/message-delivery';
import { createMetrics } from './metrics/metrics';
import { vapidKeyLoader } from './notifications/vapid-keys';
import { createInstanceLinks, feedOf, type InstanceLinks } from './realtime/instance-links';
import { createStreamHub } from './realtime/stream-hub';
import { createStreamSessionCheck } from './realtime/stream-session-check';
import { bootstrapSources, jobHandlers } from './server-modules';

export type AppOptions = {
  config: Config;
  /** Migrated already (migrateToLatest); closed by the caller after app.close(). */
  db: Db;
  mailer: Mailer;
  /** Hands held messages to their channel when their delay is over (the email channel's delivery by default). */
  delivery?: MessageDelivery;
  /** Answers the DNS lookups of email domain verification (DNS_SERVERS or the system's by default). */
  dns?: DnsResolver;
  /** Sends email replies (SMTP_URL by default). */
  emailTransport?: EmailTransport;
  clock?: Clock;
  /** JSON-line logs at this level; false for none. */
  logger?: { level: string } | false;
};

/**
 * The services every module's routes and jobs share (the app context), built once per app; the job
 * runner gets every module's handlers (server-modules.ts). `instances`: the links to the other
 * instances, started and stopped by the app.
 */
export function createAppServices(
  app: FastifyInstance,
  { config, db, mailer, delivery, dns, emailTransport, clock = systemClock }: AppOptions,
): { ctx: AppContext; instances: InstanceLinks } {
  const mail = createMailQueue(mailer, app.log);
  const dialect: DialectName = config.databaseUrl ? 'postgres' : 'sqlite';
  const metrics = createMetrics();
  const rateLimits = createSqlRateLimitStore(db, clock);
  const stream = createStreamHub({ db, metrics, log: app.log });
  const streamSessions = createStreamSessionCheck({ db, clock, log: app.log, clients: () => stream.clients() });
  const widgets = createWidgetHub({ db, log: app.log });
  // Every commit reaches the agents' sockets and the chat visitors' sockets.
  const hubs = [stream, widgets];
  const feed = feedOf(hubs);
  const content = createContentPool<ContentJobs>(config.content, app.log);
  const channels = createEmailChannels({
    config,
    deps: { db, dialect, clock, feed },
    content,
    log: app.log,
    ...(dns ? { dns } : {}),
    ...(emailTransport ? { transport: emailTransport } : {}),
  });
  const vapidKeys = vapidKeyLoader(db, config.notifications, clock);
  const publicUrl = () => config.publicUrl ?? listeningUrl(app, config.host);
  const instances = createInstanceLinks({ databaseUrl: config.databaseUrl, db, log: app.log, clock, heartbeatMs: config.presenceHeartbeatMs, hubs });
  const services: Omit<AppContext, 'jobs'> = {
    config,
    db,
    dialect,
    clock,
    mail,
    links: createPublicLinks(publicUrl),
    limits: createAuthLimits(rateLimits, config.loginAttemptsPerIp),
    rateLimits,
    metrics,
    stream,
    streamSessions,
    feed,
    presence: instances.presence,
    widgets,
    channels,
    content,
    vapidKeys,
    findSession: (token) => findSession(db, token, clock()),
    replicationDays: (agent) => agentPreferences(agent).replication_days,
    bootstrap: bootstrapSources(),
  };
  const handlers = jobHandlers({ ...services, log: app.log, mailer, publicUrl, delivery: delivery ?? channels.delivery });
  const jobs = createJobRunner({ db, dialect, clock, log: app.log, pollMs: config.jobPollMs, handlers });
  return { ctx: { ...services, jobs }, instances };
}
