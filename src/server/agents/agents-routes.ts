import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { API_ERRORS } from '../../protocol/api/api-errors';
import type { Agent } from '../../protocol/api/models';
import { agentsQuery, emailParams, updateAgentBody } from '../../protocol/api/requests';
import type { AppContext } from '../app-context';
import { revokeAgentTokens } from '../auth/auth-tokens';
import { writeJsonColumn } from '../db/json-column';
import { fromSqlBoolean } from '../db/sql-boolean';
import { requireSession, signedIn } from '../http/auth-hook';
import { badRequest, forbidden, notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { toAgent } from './agent-model';
import { findAgentByEmail } from './agent-queries';
import { assertCan, assertCanGrant, assertOutranks } from './permissions';

/** The team: list, change roles, remove. Every query is scoped to the caller's organization. */
export function registerAgentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.agents, { preHandler }, async (request): Promise<Agent[]> => {
    const { agent: me } = signedIn(request);
    const { complete } = parseInput(agentsQuery, request.query);
    let query = ctx.db.selectFrom('agents').selectAll().where('org_id', '=', me.org_id).orderBy('id');
    if (complete !== 'true') query = query.where('is_removed', '=', 0);
    const rows = await query.execute();
    return rows.map((row) => toAgent(row, me.id));
  });

  registerRoute(app, REST_ROUTES.updateAgent, { preHandler }, async (request): Promise<Agent> => {
    const { agent: me } = signedIn(request);
    assertCan(me, 'teammate.update');
    const { email } = parseInput(emailParams, request.params);
    const { roles } = parseInput(updateAgentBody, request.body);
    const target = await findAgentByEmail(ctx.db, me.org_id, email);
    if (!target || target.is_removed !== 0) throw notFound();
    if (fromSqlBoolean(target.is_owner)) throw forbidden(API_ERRORS.ownerRolesFixed);
    assertOutranks(me, target);
    assertCanGrant(me, roles);
    const unique = [...new Set(roles)];
    await ctx.db.updateTable('agents').set({ roles: writeJsonColumn(unique) }).where('id', '=', target.id).execute();
    return toAgent({ ...target, roles: writeJsonColumn(unique) }, me.id);
  });

  registerRoute(app, REST_ROUTES.removeAgent, { preHandler }, async (request, reply) => {
    const { agent: me } = signedIn(request);
    assertCan(me, 'teammate.remove');
    const { email } = parseInput(emailParams, request.params);
    const target = await findAgentByEmail(ctx.db, me.org_id, email);
    if (!target || target.is_removed !== 0) throw notFound();
    if (fromSqlBoolean(target.is_owner)) throw badRequest(API_ERRORS.ownerCannotBeRemoved);
    if (target.id === me.id) throw badRequest(API_ERRORS.cannotRemoveYourself);
    assertOutranks(me, target);
    const now = ctx.clock();
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('agents').set({ is_removed: 1 }).where('id', '=', target.id).execute();
      await revokeAgentTokens(trx, target.id, now);
    });
    void ctx.streamSessions.checkNow();
    return reply.code(204).send();
  });
}
