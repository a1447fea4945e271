import type { ServerModule } from '../server-module';
import { registerMutationBatchRoute } from './mutation-batch-route';
import { bindMutationsToRequests } from './mutation-tables';

/** Stored mutation answers and the batch route, which runs each item through its own route (so it comes last). */
export const mutationsModule = {
  migrations: { '0010-mutation-binding': (db) => bindMutationsToRequests(db) },
  routes: [registerMutationBatchRoute],
} satisfies ServerModule;
