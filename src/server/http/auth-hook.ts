import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app-context';
import { unauthorized } from './http-error';
import type { SignedIn } from './signed-in';

declare module 'fastify' {
  interface FastifyRequest {
    signedIn: SignedIn | null;
  }
}

export function registerAuthDecorator(app: FastifyInstance): void {
  app.decorateRequest('signedIn', null);
}

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** preHandler for routes that need a session: 401 for a missing, unknown, expired or revoked token. */
export function requireSession(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthorized();
    const found = await ctx.findSession(token);
    if (!found) throw unauthorized();
    request.signedIn = found;
  };
}

/** The caller of a route guarded by requireSession. */
export function signedIn(request: FastifyRequest): SignedIn {
  if (!request.signedIn) throw unauthorized();
  return request.signedIn;
}
