import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import type { AccountResponse, OkResponse } from '../../protocol/api/models';
import { updateAccountBody } from '../../protocol/api/requests';
import { toAgent } from '../agents/agent-model';
import { findAgentById } from '../agents/agent-queries';
import type { AppContext } from '../app-context';
import { revokeAgentTokens } from '../auth/auth-tokens';
import { sendValidationEmail } from '../auth/send-validation-email';
import { requireSession, signedIn } from '../http/auth-hook';
import { notFound, rateLimited } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { toOrganization } from '../organization/organization-model';
import { accountChanges } from './account-changes';

/** The signed-in agent's own account. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.account, { preHandler }, (request): AccountResponse => {
    const { agent, organization } = signedIn(request);
    return { agent: toAgent(agent, agent.id), organization: toOrganization(organization) };
  });

  registerRoute(app, REST_ROUTES.updateAccount, { preHandler }, async (request): Promise<AccountResponse> => {
    const { agent, organization, sessionId } = signedIn(request);
    const body = parseInput(updateAccountBody, request.body);
    const changes = await accountChanges(ctx, agent, body);
    if (Object.keys(changes).length > 0) {
      await ctx.db.updateTable('agents').set(changes).where('id', '=', agent.id).execute();
    }
    if (changes.password_hash !== undefined) {
      // The session that changed the password stays; every other way in is closed.
      await revokeAgentTokens(ctx.db, agent.id, ctx.clock(), { kinds: ['session', 'reset', 'login'], exceptId: sessionId });
      void ctx.streamSessions.checkNow();
    }
    const updated = await findAgentById(ctx.db, agent.id);
    if (!updated) throw notFound();
    return { agent: toAgent(updated, updated.id), organization: toOrganization(organization) };
  });

  registerRoute(app, REST_ROUTES.resendValidation, { preHandler }, async (request): Promise<OkResponse> => {
    const { agent } = signedIn(request);
    if (!(await ctx.limits.emailLinksPerIp.consume(request.ip))) throw rateLimited();
    if (agent.email_validated_at === null) await sendValidationEmail(ctx, agent);
    return { ok: true };
  });
}
