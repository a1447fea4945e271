import type { LoginBody } from '../../protocol/api/requests';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { findActiveAgentsByEmail, type AgentWithOrganization } from '../agents/agent-queries';
import type { AppContext } from '../app-context';
import { badRequest, HttpError, rateLimited } from '../http/http-error';
import { loginFailureCounters } from './auth-limits';
import { findTrustedDevice } from './device-cookie';
import { verifyAgainstDecoy, verifyPassword } from './password-hash';

/** Who is trying: the client address and the device token its cookie carries, if any. */
export type SignInClient = { ip: string; deviceToken: string | null };

/**
 * Finds the account a password opens. Without a domain the email may belong to several
 * organizations: one match signs in, several answer 409 with the choice. Wrong passwords are
 * limited per address, and per source and account or per trusted device (loginFailureCounters).
 */
export async function signInWithPassword(ctx: AppContext, body: LoginBody, client: SignInClient): Promise<AgentWithOrganization> {
  if (!(await ctx.limits.loginAttemptsPerIp.consume(client.ip))) throw rateLimited();
  const trustedDevice = await findTrustedDevice(ctx.db, client.deviceToken, body.email, ctx.clock());
  const counters = loginFailureCounters(ctx.limits, body.email, client.ip, trustedDevice);
  for (const counter of counters) {
    if (await counter.limiter.isExhausted(counter.key)) throw rateLimited();
  }

  const candidates = await findActiveAgentsByEmail(ctx.db, body.email, body.domain);
  const matches: AgentWithOrganization[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(body.password, candidate.agent.password_hash)) matches.push(candidate);
  }
  if (candidates.length === 0) await verifyAgainstDecoy(body.password);

  const [first] = matches;
  if (!first) {
    for (const counter of counters) await counter.limiter.consume(counter.key);
    throw badRequest(API_ERRORS.incorrectCredentials);
  }
  // Only this client's own count starts again: the owner signing in does not clear the ceiling
  // that many strangers together are counting against.
  const [own] = counters;
  if (own) await own.limiter.reset(own.key);
  if (matches.length > 1) {
    throw new HttpError(409, {
      error: API_ERRORS.chooseOrganization,
      organizations: matches.map(({ organization }) => ({ slug: organization.slug, name: organization.name })),
    });
  }
  return first;
}
