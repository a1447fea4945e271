import type { ServerModule } from '../server-module';
import { registerAccountRoutes } from './account-routes';
import { createAccountTables } from './account-tables';

export const accountModule = {
  migrations: { '0001-accounts': (db, dialect) => createAccountTables(db.schema, dialect) },
  routes: [registerAccountRoutes],
} satisfies ServerModule;
