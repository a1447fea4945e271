import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../protocol/api/routes';
import { DEVICE_TRUST_TTL_MS } from '../../protocol/constants';
import type { AppContext } from '../app-context';
import type { AgentRow } from '../agents/agent-tables';
import type { Db } from '../db/database';
import { issueToken } from './auth-tokens';
import { hashSecretToken } from './secret-token';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets a random token, stored hashed as an auth token of kind `device`
 * and sent back only to the auth calls. It opens nothing; the login limit reads it as "this
 * client has signed in here before", so a stranger's failures, which lock out untrusted
 * clients, never lock out the owner's own browser (auth-limits.ts). The SPA keeps its bearer
 * token in IndexedDB as before; this cookie is only a signal for the limiter.
 */
export const DEVICE_COOKIE = 'inbox_device';
const DEVICE_COOKIE_PATH = `${API_BASE}auth`;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The device token the request's Cookie header carries, if it has the shape of one. */
export function deviceTokenOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === DEVICE_COOKIE) {
      const value = part.slice(separator + 1).trim();
      return TOKEN_PATTERN.test(value) ? value : null;
    }
  }
  return null;
}

/** The id of the device token, when it is valid and was issued to an active agent with this email. */
export async function findTrustedDevice(db: Db, token: string | null, email: string, now: number): Promise<number | null> {
  if (token === null) return null;
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('agents', 'agents.id', 'auth_tokens.agent_id')
    .select('auth_tokens.id')
    .where('auth_tokens.token_hash', '=', hashSecretToken(token))
    .where('auth_tokens.kind', '=', 'device')
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', now)
    .where('agents.email', '=', email)
    .where('agents.is_removed', '=', 0)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * After a sign-in, this browser is trusted for the account: the token it presented slides
 * DEVICE_TRUST_TTL_MS ahead, or a new one is issued, and the cookie carries it.
 */
export async function trustDevice(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, agent: AgentRow): Promise<void> {
  const now = ctx.clock();
  const presented = deviceTokenOf(request);
  const trusted = await findTrustedDevice(ctx.db, presented, agent.email, now);
  let token: string;
  if (trusted !== null && presented !== null) {
    await ctx.db.updateTable('auth_tokens').set({ expires_at: now + DEVICE_TRUST_TTL_MS, last_used_at: now }).where('id', '=', trusted).execute();
    token = presented;
  } else {
    token = await issueToken(ctx.db, { kind: 'device', agentId: agent.id, orgId: agent.org_id, ttlMs: DEVICE_TRUST_TTL_MS, now });
  }
  const secure = request.protocol === 'https' || (ctx.config.publicUrl?.startsWith('https:') ?? false);
  const attributes = [`Path=${DEVICE_COOKIE_PATH}`, `Max-Age=${Math.floor(DEVICE_TRUST_TTL_MS / 1000)}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  void reply.header('set-cookie', [`${DEVICE_COOKIE}=${token}`, ...attributes].join('; '));
}
