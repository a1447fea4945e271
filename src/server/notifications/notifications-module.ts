import type { ServerModule } from '../server-module';
import { emailDigestJob } from './email-digest-job';
import { registerNotificationRoutes } from './notification-routes';
import { createNotificationTables } from './notification-tables';
import { pushNotificationJob } from './push-notification-job';
import { createPushSender } from './push-sender';

export const notificationsModule = {
  migrations: { '0018-notifications': (db, dialect) => createNotificationTables(db, dialect) },
  routes: [registerNotificationRoutes],
  jobs: (services) => ({
    push_notification: pushNotificationJob(services, createPushSender(services.vapidKeys, services.config.notifications.pushPrivateHosts), services.log),
    email_digest: emailDigestJob(services, {
      mailer: services.mailer,
      publicUrl: services.publicUrl,
      digestMs: services.config.notifications.digestMs,
      log: services.log,
    }),
  }),
} satisfies ServerModule;
