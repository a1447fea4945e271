import type { ServerModule } from '../server-module';
import { countFeedPerOrganization } from './feed-counter-migration';
import { registerStreamRoute } from './stream-route';

/** The change feed's own migration and the agents' socket (/stream, at the host root, first). */
export const realtimeModule = {
  migrations: { '0026-feed-per-organization': (db) => countFeedPerOrganization(db) },
  rootRoutes: [registerStreamRoute],
} satisfies ServerModule;
