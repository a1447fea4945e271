import type { ServerModule } from '../server-module';
import { readHoursDocument } from './hours-document';
import { registerHoursRoutes } from './hours-routes';
import { createHoursTables } from './hours-tables';

/** Business hours (issue 37): the schedule document, its save route and the auto-replies' log. */
export const hoursModule = {
  migrations: { '0027-business-hours': (db) => createHoursTables(db.schema) },
  routes: [registerHoursRoutes],
  readers: {
    business_hours: async function* ({ db, orgId }) {
      yield { action: 'fetch', col: 'business_hours', documents: [await readHoursDocument(db, orgId)] };
    },
  },
} satisfies ServerModule;
