import type { ServerModule } from '../server-module';
import { createSearchIndexes } from './search-indexes';
import { registerSearchRoutes } from './search-routes';

export const searchModule = {
  migrations: { '0004-search': (db, dialect) => createSearchIndexes(db, dialect) },
  routes: [registerSearchRoutes],
} satisfies ServerModule;
