import type { ServerModule } from '../server-module';
import { deliverMessageJob } from './deliver-message-job';
import { registerMessageRoutes } from './message-routes';
import { addReplyCopies } from './message-tables';

/** Messages and notes; the bootstrap sends them with their conversation (conversation-bootstrap.ts). */
export const messagesModule = {
  migrations: { '0014-reply-copies': (db) => addReplyCopies(db.schema) },
  routes: [registerMessageRoutes],
  jobs: (services) => ({ deliver_message: deliverMessageJob(services, services.delivery) }),
} satisfies ServerModule;
