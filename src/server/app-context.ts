import type { AuthLimits } from './auth/auth-limits';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import type { MailQueue } from './mail/mail-queue';
import type { PublicLinks } from './mail/public-links';

/** What route handlers need, built once per app by buildApp and passed to each domain. */
export type AppContext = {
  config: Config;
  db: Db;
  clock: Clock;
  mail: MailQueue;
  links: PublicLinks;
  limits: AuthLimits;
};
