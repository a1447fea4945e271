import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import type { AgentInvite } from '../../protocol/api/models';
import { emailParams, inviteBody, inviteIdParams } from '../../protocol/api/requests';
import { INVITE_TTL_MS } from '../../protocol/constants';
import type { AppContext } from '../app-context';
import { createSecretToken, hashSecretToken } from '../auth/secret-token';
import { writeJsonColumn } from '../db/json-column';
import { requireSession, signedIn } from '../http/auth-hook';
import { fieldError, notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { inviteEmail } from '../mail/mail-templates';
import { findAgentByEmail } from './agent-queries';
import { toAgentInvite } from './invite-model';
import { findPendingInvites } from './invite-queries';
import { assertCan, assertCanGrant } from './permissions';
import { recordOnboardingStep } from '../onboarding/onboarding-writes';
import { runWrite } from '../realtime/write-transaction';

/** Invitations seen from the team page: list, send (or send again), withdraw. */
export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.agentsPending, { preHandler }, async (request): Promise<AgentInvite[]> => {
    const { agent: me } = signedIn(request);
    assertCan(me, 'teammate.*');
    const pending = await findPendingInvites(ctx.db, ctx.clock(), { orgId: me.org_id });
    return pending.map(({ invite, inviterName }) => toAgentInvite(invite, inviterName));
  });

  registerRoute(app, REST_ROUTES.agentInvite, { preHandler }, async (request, reply): Promise<AgentInvite> => {
    const { agent: me, organization } = signedIn(request);
    assertCan(me, 'teammate.invite');
    const { email } = parseInput(emailParams, request.params);
    const { roles } = parseInput(inviteBody, request.body);
    assertCanGrant(me, roles);
    const existing = await findAgentByEmail(ctx.db, me.org_id, email);
    if (existing && existing.is_removed === 0) throw fieldError('email', 'is already a member of this team');

    const token = createSecretToken();
    const now = ctx.clock();
    const invite = await runWrite(ctx, { orgId: me.org_id }, async (write) => {
      const { trx } = write;
      // A new invitation replaces any pending one: only the latest link works.
      await trx
        .updateTable('agent_invites')
        .set({ revoked_at: now })
        .where('org_id', '=', me.org_id)
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      const row = await trx
        .insertInto('agent_invites')
        .values({
          org_id: me.org_id,
          email,
          roles: writeJsonColumn([...new Set(roles)]),
          token_hash: hashSecretToken(token),
          invited_by: me.id,
          expires_at: now + INVITE_TTL_MS,
          accepted_at: null,
          revoked_at: null,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordOnboardingStep(write, me.org_id, 'invite-teammate');
      return row;
    });
    ctx.mail.enqueue(
      inviteEmail({ to: email, link: ctx.links.invite(token), organization: organization.name, inviter: me.name }),
    );
    reply.code(201);
    return toAgentInvite(invite, me.name);
  });

  registerRoute(app, REST_ROUTES.revokeInvite, { preHandler }, async (request, reply) => {
    const { agent: me } = signedIn(request);
    assertCan(me, 'teammate.invite');
    const { id } = parseInput(inviteIdParams, request.params);
    const now = ctx.clock();
    const [pending] = await findPendingInvites(ctx.db, now, { orgId: me.org_id, id });
    if (!pending) throw notFound();
    await ctx.db.updateTable('agent_invites').set({ revoked_at: now }).where('id', '=', id).execute();
    return reply.code(204).send();
  });
}
