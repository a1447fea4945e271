import type { ServerModule } from '../server-module';
import { registerReportingRoutes } from './reporting-routes';

/**
 * The inbox report (issue 38): figures computed in SQL from the conversations (their close
 * facts, migration 0030 of the conversations module) and their messages, and its CSV.
 */
export const reportingModule = {
  routes: [registerReportingRoutes],
} satisfies ServerModule;
