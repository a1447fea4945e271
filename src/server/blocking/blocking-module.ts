import type { ServerModule } from '../server-module';
import { registerBlockingRoutes } from './blocking-routes';
import { createBlockingTables } from './blocking-tables';

export const blockingModule = {
  migrations: { '0005-blocking': (db, dialect) => createBlockingTables(db.schema, dialect) },
  routes: [registerBlockingRoutes],
} satisfies ServerModule;
