import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OkResponse } from '../../protocol/api/models';
import { lostPasswordBody } from '../../protocol/api/requests';
import { LOGIN_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from '../../protocol/constants';
import { findActiveAgentsByEmail } from '../agents/agent-queries';
import type { AppContext } from '../app-context';
import { rateLimited } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { resetPasswordEmail, signInEmail } from '../mail/mail-templates';
import { issueToken } from './auth-tokens';

/**
 * Lost password and sign-in link: both answer the same `{ok: true}` whether or not the address
 * has an account, after the same lookup, so the answer reveals nothing.
 */
export function registerEmailLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, REST_ROUTES.lostPassword, {}, (request) => sendLinks(ctx, request, 'reset'));
  registerRoute(app, REST_ROUTES.loginLink, {}, (request) => sendLinks(ctx, request, 'login'));
}

async function sendLinks(ctx: AppContext, request: FastifyRequest, kind: 'reset' | 'login'): Promise<OkResponse> {
  if (!(await ctx.limits.emailLinksPerIp.consume(request.ip))) throw rateLimited();
  const body = parseInput(lostPasswordBody, request.body);
  const matches = await findActiveAgentsByEmail(ctx.db, body.email, body.domain);
  for (const { agent, organization } of matches) {
    const ttlMs = kind === 'reset' ? RESET_TOKEN_TTL_MS : LOGIN_TOKEN_TTL_MS;
    const token = await issueToken(ctx.db, { kind, agentId: agent.id, orgId: organization.id, ttlMs, now: ctx.clock() });
    const mail =
      kind === 'reset'
        ? resetPasswordEmail({ to: agent.email, link: ctx.links.resetPassword(token), organization: organization.name })
        : signInEmail({ to: agent.email, link: ctx.links.signIn(token), organization: organization.name });
    ctx.mail.enqueue(mail);
  }
  return { ok: true };
}
