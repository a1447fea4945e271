import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import type { Organization } from '../../protocol/api/models';
import { updateOrganizationBody } from '../../protocol/api/requests';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { toOrganization } from './organization-model';

export function registerOrganizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.organization, { preHandler }, (request): Organization => {
    return toOrganization(signedIn(request).organization);
  });

  registerRoute(app, REST_ROUTES.updateOrganization, { preHandler }, async (request): Promise<Organization> => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, 'organization.update');
    const { name } = parseInput(updateOrganizationBody, request.body);
    await ctx.db.updateTable('organizations').set({ name }).where('id', '=', organization.id).execute();
    return toOrganization({ ...organization, name });
  });
}
