import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import type { Session, TokenPreview, ValidateResponse } from '../../protocol/api/models';
import { changePasswordWithTokenBody } from '../../protocol/api/requests';
import type { AppContext } from '../app-context';
import { parseInput } from '../http/parse-input';
import { revokeAgentTokens } from './auth-tokens';
import { trustDevice } from './device-cookie';
import { consumeLinkToken, findLinkToken } from './link-token';
import { hashPassword } from './password-hash';
import { startSession } from './session';
import { recordOnboardingStepNow } from '../onboarding/onboarding-writes';

/** What the links of emails lead to: sign in, choose a new password, confirm the address. */
export function registerTokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, REST_ROUTES.previewToken, {}, async (request): Promise<TokenPreview> => {
    const { token, agent, organization } = await findLinkToken(ctx, request.params, ['login', 'reset']);
    return {
      kind: token.kind === 'login' ? 'login' : 'reset',
      email: agent.email,
      organization: { name: organization.name, slug: organization.slug },
    };
  });

  registerRoute(app, REST_ROUTES.signInWithToken, {}, async (request, reply): Promise<Session> => {
    const { token, agent, organization } = await findLinkToken(ctx, request.params, ['login']);
    await consumeLinkToken(ctx, token);
    const now = ctx.clock();
    // Following an emailed link proves the address.
    if (agent.email_validated_at === null) {
      await ctx.db.updateTable('agents').set({ email_validated_at: now }).where('id', '=', agent.id).execute();
      agent.email_validated_at = now;
      await recordOnboardingStepNow(ctx, agent.org_id, 'confirm-email');
    }
    await trustDevice(ctx, request, reply, agent);
    return startSession(ctx.db, agent, organization, now);
  });

  registerRoute(app, REST_ROUTES.changePasswordWithToken, {}, async (request, reply): Promise<Session> => {
    const { token, agent, organization } = await findLinkToken(ctx, request.params, ['reset']);
    const body = parseInput(changePasswordWithTokenBody, request.body);
    const passwordHash = await hashPassword(body.password);
    await consumeLinkToken(ctx, token);
    const now = ctx.clock();
    const validatedAt = agent.email_validated_at ?? now;
    await ctx.db
      .updateTable('agents')
      .set({ password_hash: passwordHash, email_validated_at: validatedAt })
      .where('id', '=', agent.id)
      .execute();
    if (agent.email_validated_at === null) await recordOnboardingStepNow(ctx, agent.org_id, 'confirm-email');
    await revokeAgentTokens(ctx.db, agent.id, now, { kinds: ['session', 'reset', 'login'] });
    void ctx.streamSessions.checkNow();
    await ctx.limits.loginFailuresPerAccount.reset(agent.email);
    await trustDevice(ctx, request, reply, agent);
    return startSession(ctx.db, { ...agent, password_hash: passwordHash, email_validated_at: validatedAt }, organization, now);
  });

  registerRoute(app, REST_ROUTES.validate, {}, async (request): Promise<ValidateResponse> => {
    const { token, agent } = await findLinkToken(ctx, request.params, ['validate']);
    await consumeLinkToken(ctx, token);
    if (agent.email_validated_at === null) {
      await ctx.db.updateTable('agents').set({ email_validated_at: ctx.clock() }).where('id', '=', agent.id).execute();
      await recordOnboardingStepNow(ctx, agent.org_id, 'confirm-email');
    }
    return { ok: true, email: agent.email };
  });
}
