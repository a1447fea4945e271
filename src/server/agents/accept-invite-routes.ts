import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { NoResultError } from 'kysely';
import { API_ERRORS } from '../../protocol/api/api-errors';
import type { InvitePreview, Session } from '../../protocol/api/models';
import { acceptInviteBody, tokenParams } from '../../protocol/api/requests';
import type { AppContext } from '../app-context';
import { trustDevice } from '../auth/device-cookie';
import { invalidLink } from '../auth/link-token';
import { hashPassword } from '../auth/password-hash';
import { startSession } from '../auth/session';
import { writeJsonColumn } from '../db/json-column';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { findOrganizationById } from '../organization/organization-queries';
import { DEFAULT_NOTIFICATIONS } from './agent-model';
import { findAgentByEmail } from './agent-queries';
import { inviteRoles } from './invite-model';
import { findPendingInvites, type InviteWithInviter } from './invite-queries';

/** The invitation link: preview it, then accept it by choosing a name and a password. */
export function registerAcceptInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  async function pendingInvite(params: unknown): Promise<InviteWithInviter> {
    const parsed = tokenParams.safeParse(params);
    if (!parsed.success) throw invalidLink();
    const [found] = await findPendingInvites(ctx.db, ctx.clock(), { token: parsed.data.token });
    if (!found) throw invalidLink();
    return found;
  }

  registerRoute(app, REST_ROUTES.previewInvite, {}, async (request): Promise<InvitePreview> => {
    const { invite, inviterName } = await pendingInvite(request.params);
    const organization = await findOrganizationById(ctx.db, invite.org_id);
    if (!organization) throw invalidLink();
    return { email: invite.email, organization: { name: organization.name, slug: organization.slug }, invited_by: inviterName };
  });

  registerRoute(app, REST_ROUTES.acceptInvite, {}, async (request, reply): Promise<Session> => {
    const { invite } = await pendingInvite(request.params);
    const body = parseInput(acceptInviteBody, request.body);
    const existing = await findAgentByEmail(ctx.db, invite.org_id, invite.email);
    if (existing && existing.is_removed === 0) throw badRequest(API_ERRORS.alreadyMember);
    const organization = await findOrganizationById(ctx.db, invite.org_id);
    if (!organization) throw invalidLink();
    const passwordHash = await hashPassword(body.password);
    const now = ctx.clock();
    const fields = {
      name: body.name,
      roles: writeJsonColumn(inviteRoles(invite)),
      password_hash: passwordHash,
      email_validated_at: now,
      is_removed: 0,
    };
    try {
      const agent = await ctx.db.transaction().execute(async (trx) => {
        const accepted = await trx
          .updateTable('agent_invites')
          .set({ accepted_at: now })
          .where('id', '=', invite.id)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (accepted.numUpdatedRows !== 1n) throw invalidLink();
        if (existing) {
          // A removed teammate comes back with the new invitation's name, password and roles.
          return trx
            .updateTable('agents')
            .set(fields)
            .where('id', '=', existing.id)
            .where('is_removed', '=', 1)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        return trx
          .insertInto('agents')
          .values({
            ...fields,
            org_id: invite.org_id,
            email: invite.email,
            avatar: null,
            is_owner: 0,
            dark_mode: null,
            custom_inboxes: '[]',
            notifications: writeJsonColumn(DEFAULT_NOTIFICATIONS),
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      await trustDevice(ctx, request, reply, agent);
      reply.code(201);
      return await startSession(ctx.db, agent, organization, now);
    } catch (error) {
      // Another acceptance for the same address won the race.
      if (isUniqueViolation(error) || error instanceof NoResultError) throw badRequest(API_ERRORS.alreadyMember);
      throw error;
    }
  });
}
