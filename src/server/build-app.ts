import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAccountRoutes } from './account/account-routes';
import { registerAcceptInviteRoutes } from './agents/accept-invite-routes';
import { agentPreferences } from './agents/agent-model';
import { registerAgentsRoutes } from './agents/agents-routes';
import { registerInviteRoutes } from './agents/invite-routes';
import type { AppContext } from './app-context';
import { createAuthLimits } from './auth/auth-limits';
import { registerAuthRoutes } from './auth/auth-routes';
import { registerEmailLinkRoutes } from './auth/email-link-routes';
import { findSession } from './auth/session';
import { createSqlRateLimitStore } from './auth/rate-limit-store';
import { registerTokenRoutes } from './auth/token-routes';
import { registerBlockingRoutes } from './blocking/blocking-routes';
import { registerChatWidgetRoutes } from './chat/chat-channel';
import { registerChatSettingsRoutes } from './chat/chat-settings-routes';
import { createWidgetHub } from './chat/widget-hub';
import { registerAttachmentRoutes } from './channels/attachments/attachment-routes';
import { registerChannelRoutes } from './channels/channel-routes';
import type { DnsResolver } from './channels/domains/dns-resolver';
import { createEmailChannels } from './channels/email-channels';
import type { EmailTransport } from './channels/outbound/email-transport';
import { registerInboundWebhookRoute } from './channels/inbound/inbound-webhook-routes';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { ContentJobs } from './content-jobs';
import { createContentPool } from './content/content-pool';
import { registerBillingRoutes } from './billing/billing-routes';
import { registerStripeWebhookRoute } from './billing/stripe-webhook-routes';
import { registerContactRoutes } from './contacts/contact-routes';
import { registerIntegrationRoutes } from './integrations/integration-routes';
import { registerCustomDataRoutes } from './custom-data/custom-data-routes';
import { registerConversationActionRoutes } from './conversations/conversation-action-routes';
import { registerConversationMutationRoutes } from './conversations/conversation-mutation-routes';
import { registerConversationRoutes } from './conversations/conversation-routes';
import type { Db } from './db/database';
import type { DialectName } from './db/open-database';
import { registerDraftRoutes } from './drafts/draft-routes';
import { registerAuthDecorator } from './http/auth-hook';
import { appContentPolicy } from './http/content-policy';
import { registerControlCharacterGuard } from './http/control-character-guard';
import { handleError } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body-parser';
import { registerPingRoute } from './http/ping-route';
import { redactUrl } from './http/redact-url';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticApp } from './http/static-app';
import { createJobRunner } from './jobs/job-runner';
import { shutdownStep } from './shutdown-stage';
import { createMailQueue } from './mail/mail-queue';
import type { Mailer } from './mail/mailer';
import { createPublicLinks } from './mail/public-links';
import { deliverMessageJob } from './messages/deliver-message-job';
import { wakeConversationJob } from './conversations/snooze-conversation';
import type { MessageDelivery } from './messages/message-delivery';
import { registerMessageRoutes } from './messages/message-routes';
import { createMetrics } from './metrics/metrics';
import { registerMetricsRoute } from './metrics/metrics-route';
import { registerMutationBatchRoute } from './mutations/mutation-batch-route';
import { registerOrganizationRoutes } from './organization/organization-routes';
import { parseChangeNotification } from './realtime/change-notification';
import { createPgListener } from './realtime/pg-listener';
import { createPresenceHub } from './realtime/presence-hub';
import { createPresencePeers } from './realtime/presence-peers';
import { createPresenceRelay, PRESENCE_CHANNEL, type PresenceRelay } from './realtime/presence-relay';
import { createStreamHub } from './realtime/stream-hub';
import { createStreamSessionCheck } from './realtime/stream-session-check';
import { registerStreamRoute } from './realtime/stream-route';
import { registerCompression, SOCKET_COMPRESSION } from './http/compression';
import { CHANGES_CHANNEL, type FeedNotifier } from './realtime/write-transaction';
import { registerSearchRoutes } from './search/search-routes';
import { registerSnippetRoutes } from './snippets/snippet-routes';
import { registerKnowledgeRoutes } from './knowledge/knowledge-routes';
import { registerHelpCenterRoutes } from './knowledge/help-center/help-center-routes';
import { registerWidgetKnowledgeRoutes } from './knowledge/widget-knowledge-routes';
import { registerTagRoutes } from './tags/tag-routes';
import { emailDigestJob } from './notifications/email-digest-job';
import { registerNotificationRoutes } from './notifications/notification-routes';
import { pushNotificationJob } from './notifications/push-notification-job';
import { createPushSender } from './notifications/push-sender';
import { loadVapidKeys, type VapidKeys } from './notifications/vapid-keys';

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
 * The whole HTTP server, not yet listening. Once ready it runs due jobs and (on PostgreSQL)
 * listens for other instances' changes; closing it closes the stream sockets, stops both and
 * waits for mail still being sent, so the caller may close the database afterwards.
 */
export async function buildApp({
  config,
  db,
  mailer,
  delivery,
  dns,
  emailTransport,
  clock = systemClock,
  logger = false,
}: AppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: logger && {
      level: logger.level,
      serializers: {
        req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  };
  const app = Fastify(options);

  const mail = createMailQueue(mailer, app.log);
  const dialect: DialectName = config.databaseUrl ? 'postgres' : 'sqlite';
  const metrics = createMetrics();
  const rateLimits = createSqlRateLimitStore(db, clock);
  const stream = createStreamHub({ db, metrics, log: app.log });
  const streamSessions = createStreamSessionCheck({ db, clock, log: app.log, clients: () => stream.clients() });
  const widgets = createWidgetHub({ db, log: app.log });
  // Every commit reaches the agents' sockets and the chat visitors' sockets.
  const feed: FeedNotifier = {
    committed(orgId, seq) {
      stream.committed(orgId, seq);
      widgets.committed(orgId, seq);
    },
  };
  const content = createContentPool<ContentJobs>(config.content, app.log);
  const channels = createEmailChannels({
    config,
    deps: { db, dialect, clock, feed },
    content,
    log: app.log,
    ...(dns ? { dns } : {}),
    ...(emailTransport ? { transport: emailTransport } : {}),
  });
  let vapid: Promise<VapidKeys> | undefined;
  const vapidKeys = () => {
    vapid ??= loadVapidKeys(db, config.notifications.vapid, config.notifications.vapidSubject, clock()).catch((error: unknown) => {
      vapid = undefined;
      throw error;
    });
    return vapid;
  };
  const publicUrl = () => config.publicUrl ?? listeningUrl(app, config.host);
  const writeDeps = { db, dialect, clock, feed };
  const jobs = createJobRunner({
    db,
    dialect,
    clock,
    log: app.log,
    pollMs: config.jobPollMs,
    handlers: {
      deliver_message: deliverMessageJob({ db, dialect, clock, feed }, delivery ?? channels.delivery),
      wake_conversation: wakeConversationJob({ db, dialect, clock, feed }),
      push_notification: pushNotificationJob(writeDeps, createPushSender(vapidKeys, config.notifications.pushPrivateHosts), app.log),
      email_digest: emailDigestJob(writeDeps, { mailer, publicUrl, digestMs: config.notifications.digestMs, log: app.log }),
    },
  });
  // Presence crosses instances through the relay on PostgreSQL; on SQLite it stays in this process.
  const peers = createPresencePeers();
  let relay: PresenceRelay | null = null;
  const presence = createPresenceHub({ clock, peers, publish: (change) => relay?.publish(change) });
  if (config.databaseUrl) {
    relay = createPresenceRelay({ db, log: app.log, clock, heartbeatMs: config.presenceHeartbeatMs, hub: presence, peers });
  }
  const listener = config.databaseUrl
    ? createPgListener({
        databaseUrl: config.databaseUrl,
        log: app.log,
        channels: {
          [CHANGES_CHANNEL]: (payload) => {
            const change = parseChangeNotification(payload);
            if (!change) return;
            stream.notify(change.orgId, change.seq);
            widgets.notify(change.orgId, change.seq);
          },
          [PRESENCE_CHANNEL]: (payload) => relay?.receive(payload),
        },
        onReconnect: () => {
          stream.refreshAll();
          widgets.refreshAll();
          relay?.connected();
        },
      })
    : null;
  const ctx: AppContext = {
    config,
    db,
    dialect,
    clock,
    mail,
    links: createPublicLinks(publicUrl),
    limits: createAuthLimits(rateLimits),
    rateLimits,
    metrics,
    findSession: (token) => findSession(db, token, clock()),
    replicationDays: (agent) => agentPreferences(agent).replication_days,
    stream,
    streamSessions,
    feed,
    presence,
    widgets,
    jobs,
    channels,
    content,
    vapidKeys,
  };

  app.setErrorHandler(handleError);
  registerJsonBodyParser(app);
  registerControlCharacterGuard(app);
  registerSecurityHeaders(app);
  registerAuthDecorator(app);
  registerPingRoute(app, config.buildId);
  registerMetricsRoute(app, ctx);
  await registerCompression(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: SOCKET_COMPRESSION } });
  registerStreamRoute(app, ctx);
  registerChatWidgetRoutes(app, ctx);
  registerHelpCenterRoutes(app, ctx);
  registerWidgetKnowledgeRoutes(app, ctx);
  await app.register(
    (api, _options, done) => {
      registerAuthRoutes(api, ctx);
      registerEmailLinkRoutes(api, ctx);
      registerTokenRoutes(api, ctx);
      registerAccountRoutes(api, ctx);
      registerNotificationRoutes(api, ctx);
      registerAgentsRoutes(api, ctx);
      registerInviteRoutes(api, ctx);
      registerAcceptInviteRoutes(api, ctx);
      registerOrganizationRoutes(api, ctx);
      registerConversationRoutes(api, ctx);
      registerSearchRoutes(api, ctx);
      registerConversationMutationRoutes(api, ctx);
      registerConversationActionRoutes(api, ctx);
      registerMessageRoutes(api, ctx);
      registerDraftRoutes(api, ctx);
      registerContactRoutes(api, ctx);
      registerTagRoutes(api, ctx);
      registerSnippetRoutes(api, ctx);
      registerKnowledgeRoutes(api, ctx);
      registerBlockingRoutes(api, ctx);
      registerChannelRoutes(api, ctx);
      registerChatSettingsRoutes(api, ctx);
      registerAttachmentRoutes(api, ctx);
      registerInboundWebhookRoute(api, ctx);
      registerIntegrationRoutes(api, ctx);
      registerBillingRoutes(api, ctx);
      registerStripeWebhookRoute(api, ctx);
      registerCustomDataRoutes(api, ctx);
      registerMutationBatchRoute(api, ctx);
      done();
    },
    { prefix: '/api' },
  );
  await registerStaticApp(app, config.staticDir, appContentPolicy(config.cspReportUri));
  app.addHook('onReady', async () => {
    await vapidKeys();
    jobs.start();
    listener?.start();
    relay?.start();
    streamSessions.start();
    await channels.start();
  });
  app.addHook('onClose', async () => {
    await shutdownStep('running jobs', () => jobs.stop());
    await shutdownStep('email channels (the SMTP server and its sessions)', () => channels.stop());
    // After the SMTP server: its last sessions may still need a worker.
    await shutdownStep('content workers', () => content.close());
    await shutdownStep('stream sessions', () => streamSessions.stop());
    await shutdownStep('PostgreSQL listener', () => listener?.stop());
    await shutdownStep('presence relay', () => relay?.stop());
    await shutdownStep('outgoing mail queue', () => mail.drain());
  });
  return app;
}

/** With no PUBLIC_URL, links point at the address the server is bound to. */
function listeningUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const linkHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return `http://${linkHost}:${port}`;
}
