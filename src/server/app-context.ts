import type { AuthLimits } from './auth/auth-limits';
import type { RateLimitStore } from './auth/rate-limit-store';
import type { WidgetHub } from './chat/widget-hub';
import type { EmailChannels } from './channels/email-channels';
import type { Clock } from './clock';
import type { Config } from './config';
import type { ContentJobs } from './content-jobs';
import type { ContentPool } from './content/content-pool';
import type { AgentRow } from './agents/agent-tables';
import type { Db } from './db/database';
import type { DialectName } from './db/open-database';
import type { FindSession } from './http/signed-in';
import type { JobRunner } from './jobs/job-runner';
import type { MailQueue } from './mail/mail-queue';
import type { PublicLinks } from './mail/public-links';
import type { Metrics } from './metrics/metrics';
import type { PresenceHub } from './realtime/presence-hub';
import type { BootstrapSources } from './realtime/stream-catch-up';
import type { StreamHub } from './realtime/stream-hub';
import type { StreamSessionCheck } from './realtime/stream-session-check';
import type { FeedNotifier } from './realtime/write-transaction';
import type { VapidKeys } from './notifications/vapid-keys';

/** What route handlers need, built once per app by buildApp and passed to each domain. */
export type AppContext = {
  config: Config;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  mail: MailQueue;
  links: PublicLinks;
  limits: AuthLimits;
  /** The counters behind every rate limit, shared by all instances (rate_limits table). */
  rateLimits: RateLimitStore;
  metrics: Metrics;
  /** The session behind a bearer token (auth/session.ts): the guard of the signed-in routes and of /stream. */
  findSession: FindSession;
  /** How many days of closed conversations an agent's devices keep (their preference, 0 for all): the stream's bootstrap window. */
  replicationDays: (agent: AgentRow) => number;
  /** The open /stream sockets of this instance. */
  stream: StreamHub;
  /** Closes sockets whose session ended; call checkNow() after ending sessions. */
  streamSessions: StreamSessionCheck;
  /** Who is live (agents on /stream, contacts on the chat widget) and what agents view. */
  presence: PresenceHub;
  /** Told of every commit that wrote feed rows (the stream hub and the chat widget hub). */
  feed: FeedNotifier;
  jobs: JobRunner;
  /** The open chat widget sockets of this instance (visitors' conversations, live). */
  widgets: WidgetHub;
  /** Email channels: DNS verification, attachments, inbound mail and reply delivery. */
  channels: EmailChannels;
  /** Parses and cleans customer content (raw mail, HTML) in worker threads: the one door for it. */
  content: ContentPool<ContentJobs>;
  /** The web push key pair (from the environment, or made on first start and kept in the database). */
  vapidKeys: () => Promise<VapidKeys>;
  /** What a bootstrap reads: every module's collection readers and first-screen parts (server-modules.ts). */
  bootstrap: BootstrapSources;
};
