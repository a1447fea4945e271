import type { AuthLimits } from './auth/auth-limits';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import type { DialectName } from './db/open-database';
import type { JobRunner } from './jobs/job-runner';
import type { MailQueue } from './mail/mail-queue';
import type { PublicLinks } from './mail/public-links';
import type { Metrics } from './metrics/metrics';
import type { StreamHub } from './realtime/stream-hub';
import type { StreamSessionCheck } from './realtime/stream-session-check';
import type { FeedNotifier } from './realtime/write-transaction';

/** What route handlers need, built once per app by buildApp and passed to each domain. */
export type AppContext = {
  config: Config;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  mail: MailQueue;
  links: PublicLinks;
  limits: AuthLimits;
  metrics: Metrics;
  /** The open /stream sockets of this instance. */
  stream: StreamHub;
  /** Closes sockets whose session ended; call checkNow() after ending sessions. */
  streamSessions: StreamSessionCheck;
  /** Told of every commit that wrote feed rows (the stream hub). */
  feed: FeedNotifier;
  jobs: JobRunner;
};
