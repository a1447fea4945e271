import type { LoginBody } from '../../protocol/api/requests';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { findActiveAgentsByEmail, type AgentWithOrganization } from '../agents/agent-queries';
import type { AppContext } from '../app-context';
import { badRequest, HttpError, rateLimited } from '../http/http-error';
import { loginFailureCounter } from './auth-limits';
import { findTrustedDevice } from './device-cookie';
import { verifyAgainstDecoy, verifyPassword } from './password-hash';

/** Who is trying: the client address and the device token its cookie carries, if any. */
export type SignInClient = { ip: string; deviceToken: string | null };

/**
 * Finds the account a password opens. Without a domain the email may belong to several
 * organizations: one match signs in, several answer 409 with the choice. Wrong passwords are
 * limited per address, and per account or per trusted device (loginFailureCounter).
 */
export async function signInWithPassword(ctx: AppContext, body: LoginBody, client: SignInClient): Promise<AgentWithOrganization> {
  if (!(await ctx.limits.loginAttemptsPerIp.consume(client.ip))) throw rateLimited();
  const trustedDevice = await findTrustedDevice(ctx.db, client.deviceToken, body.email, ctx.clock());
  const failures = loginFailureCounter(ctx.limits, body.email, trustedDevice);
  if (await failures.limiter.isExhausted(failures.key)) throw rateLimited();

  const candidates = await findActiveAgentsByEmail(ctx.db, body.email, body.domain);
  const matches: AgentWithOrganization[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(body.password, candidate.agent.password_hash)) matches.push(candidate);
  }
  if (candidates.length === 0) await verifyAgainstDecoy(body.password);

  const [first] = matches;
  if (!first) {
    await failures.limiter.consume(failures.key);
    throw badRequest(API_ERRORS.incorrectCredentials);
  }
  await failures.limiter.reset(failures.key);
  if (matches.length > 1) {
    throw new HttpError(409, {
      error: API_ERRORS.chooseOrganization,
      organizations: matches.map(({ organization }) => ({ slug: organization.slug, name: organization.name })),
    });
  }
  return first;
}
