import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { blockedParams, type BlockedContact } from '../../protocol/api/conversation-actions';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { runMutation } from '../mutations/run-mutation';
import { listBlockedContacts, unblockContact } from './blocked-contacts';

/** The blocked list (§2 `blocked`, no role required, §6): read it, take a contact off it. */
export function registerBlockingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.blocked, { preHandler }, (request): Promise<BlockedContact[]> =>
    listBlockedContacts(ctx.db, signedIn(request).organization.id),
  );

  registerRoute(app, REST_ROUTES.unblock, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { contact_id } = parseInput(blockedParams, request.params);
      const contact = await write.trx.selectFrom('contacts').selectAll().where('org_id', '=', write.orgId).where('id', '=', contact_id).executeTakeFirst();
      if (!contact) throw notFound();
      return unblockContact(write, contact);
    }),
  );
}
