import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { clearBody, createAccountBody, loginBody } from '../../protocol/api/requests';
import type { OkResponse, Session } from '../../protocol/api/models';
import type { AppContext } from '../app-context';
import { bearerToken } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { revokeToken } from './auth-tokens';
import { createOrganization } from './create-organization';
import { deviceTokenOf, trustDevice } from './device-cookie';
import { hashPassword } from './password-hash';
import { sendValidationEmail } from './send-validation-email';
import { startSession } from './session';
import { signInWithPassword } from './sign-in-with-password';

/** Sign-up, sign-in and sign-out. */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, REST_ROUTES.createAccount, {}, async (request, reply): Promise<Session> => {
    const body = parseInput(createAccountBody, request.body);
    const passwordHash = await hashPassword(body.password);
    const now = ctx.clock();
    const { agent, organization } = await createOrganization(ctx.db, body, passwordHash, now, ctx.config.hosting);
    await sendValidationEmail(ctx, agent);
    await trustDevice(ctx, request, reply, agent);
    reply.code(201);
    return startSession(ctx.db, agent, organization, now);
  });

  registerRoute(app, REST_ROUTES.login, {}, async (request, reply): Promise<Session> => {
    const body = parseInput(loginBody, request.body);
    const { agent, organization } = await signInWithPassword(ctx, body, { ip: request.ip, deviceToken: deviceTokenOf(request) });
    await trustDevice(ctx, request, reply, agent);
    return startSession(ctx.db, agent, organization, ctx.clock());
  });

  registerRoute(app, REST_ROUTES.clear, {}, async (request): Promise<OkResponse> => {
    const body = parseInput(clearBody, request.body);
    const now = ctx.clock();
    for (const token of [bearerToken(request), body.token]) {
      if (token) await revokeToken(ctx.db, token, now);
    }
    void ctx.streamSessions.checkNow();
    return { ok: true };
  });
}
