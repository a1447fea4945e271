import type { FastifyInstance } from 'fastify';
import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { ruleCreateBody, ruleDryRunBody, ruleIdParams, rulePositionBody, type RuleDryRun } from '../../protocol/api/rule-requests';
import type { Rule } from '../../protocol/documents';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { ruleUpdateSchema } from '../../protocol/rules/rule-model';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { toRule } from './rule-model';
import { dryRunRule } from './rule-dry-run';
import { createRule, deleteRule, moveRule, updateRule } from './rule-writes';

/**
 * The rules page's calls (§2 `rules`). Every agent reads the rules (the page is read-only
 * without the permission); changing them or trying one needs `rule.*` (§6), checked before
 * anything else so a refused agent learns nothing about which ids exist.
 */
export function registerRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);
  const permission = PAGE_PERMISSIONS.rules;

  registerRoute(app, REST_ROUTES.rules, { preHandler }, async (request): Promise<{ rules: Rule[] }> => {
    const orgId = signedIn(request).organization.id;
    const rows = await ctx.db.selectFrom('rules').selectAll().where('org_id', '=', orgId).orderBy('position').orderBy('id').execute();
    return { rules: rows.map(toRule) };
  });

  registerRoute(app, REST_ROUTES.ruleDryRun, { preHandler }, async (request): Promise<RuleDryRun> => {
    const caller = signedIn(request);
    assertCan(caller.agent, permission);
    return dryRunRule(ctx.db, caller.organization.id, ctx.clock(), parseInput(ruleDryRunBody, request.body));
  });

  registerRoute(app, MUTATION_ROUTES['create-rule'], { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write, caller) => {
        assertCan(caller.agent, permission);
        const rule = await createRule(write, caller.agent.id, parseInput(ruleCreateBody, request.body));
        write.afterCommit(() => ctx.jobs.wake(ctx.clock()));
        return rule;
      },
      { status: 201 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['update-rule'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, permission);
      const { id } = parseInput(ruleIdParams, request.params);
      const rule = await updateRule(write, caller.agent.id, id, parseInput(ruleUpdateSchema, request.body));
      write.afterCommit(() => ctx.jobs.wake(ctx.clock()));
      return rule;
    }),
  );

  registerRoute(app, MUTATION_ROUTES['move-rule'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, permission);
      const { id } = parseInput(ruleIdParams, request.params);
      return moveRule(write, id, parseInput(rulePositionBody, request.body).position);
    }),
  );

  registerRoute(app, MUTATION_ROUTES['delete-rule'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, permission);
      return deleteRule(write, parseInput(ruleIdParams, request.params).id);
    }),
  );
}
