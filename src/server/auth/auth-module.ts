import type { ServerModule } from '../server-module';
import { createRateLimitTables } from './auth-tables';
import { registerAuthRoutes } from './auth-routes';
import { registerEmailLinkRoutes } from './email-link-routes';
import { registerTokenRoutes } from './token-routes';

export const authModule = {
  migrations: { '0009-rate-limits': (db) => createRateLimitTables(db.schema) },
  routes: [registerAuthRoutes, registerEmailLinkRoutes, registerTokenRoutes],
} satisfies ServerModule;
