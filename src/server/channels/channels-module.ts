import type { ServerModule } from '../server-module';
import { registerAttachmentRoutes } from './attachments/attachment-routes';
import { registerChannelRoutes } from './channel-routes';
import { createChannelTables } from './channel-tables';
import { createDomainTables } from './domains/domain-tables';
import { registerInboundWebhookRoute } from './inbound/inbound-webhook-routes';

/** Email channels; their service (SMTP server, DNS checks, delivery) is the app context's `channels`. */
export const channelsModule = {
  migrations: {
    '0006-channels': (db, dialect) => createChannelTables(db.schema, dialect),
    '0008-email-domains': (db, dialect) => createDomainTables(db, dialect),
  },
  routes: [registerChannelRoutes, registerAttachmentRoutes, registerInboundWebhookRoute],
} satisfies ServerModule;
