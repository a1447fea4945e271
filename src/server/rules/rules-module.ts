import { documentFrames, keyed } from '../realtime/organization-documents';
import type { ServerModule } from '../server-module';
import { toRule } from './rule-model';
import { registerRuleRoutes } from './rule-routes';
import { createRuleTables } from './rule-tables';
import { ruleWaitJob } from './rule-wait-job';

/** Rules (issue 37): the rules page's calls, the hook the conversation writes call (rule-engine.ts) and the waiting rules' job. */
export const rulesModule = {
  migrations: { '0029-rules': (db) => createRuleTables(db, db.schema) },
  routes: [registerRuleRoutes],
  readers: {
    rules: ({ db, orgId, size }) =>
      documentFrames(
        'rules',
        keyed(
          (after: string) => db.selectFrom('rules').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
          '',
          (row) => row.id,
          toRule,
          size,
        ),
      ),
  },
  jobs: (services) => ({ rule_wait: ruleWaitJob(services) }),
} satisfies ServerModule;
