import type { LoginBody } from '../../protocol/api/requests';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { findActiveAgentsByEmail, type AgentWithOrganization } from '../agents/agent-queries';
import type { AppContext } from '../app-context';
import { badRequest, HttpError, rateLimited } from '../http/http-error';
import { verifyAgainstDecoy, verifyPassword } from './password-hash';

/**
 * Finds the account a password opens. Without a domain the email may belong to several
 * organizations: one match signs in, several answer 409 with the choice.
 */
export async function signInWithPassword(ctx: AppContext, body: LoginBody, ip: string): Promise<AgentWithOrganization> {
  const { loginAttemptsPerIp, loginFailuresPerAccount } = ctx.limits;
  if (!loginAttemptsPerIp.consume(ip)) throw rateLimited();
  if (loginFailuresPerAccount.isExhausted(body.email)) throw rateLimited();

  const candidates = await findActiveAgentsByEmail(ctx.db, body.email, body.domain);
  const matches: AgentWithOrganization[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(body.password, candidate.agent.password_hash)) matches.push(candidate);
  }
  if (candidates.length === 0) await verifyAgainstDecoy(body.password);

  const [first] = matches;
  if (!first) {
    loginFailuresPerAccount.consume(body.email);
    throw badRequest(API_ERRORS.incorrectCredentials);
  }
  loginFailuresPerAccount.reset(body.email);
  if (matches.length > 1) {
    throw new HttpError(409, {
      error: API_ERRORS.chooseOrganization,
      organizations: matches.map(({ organization }) => ({ slug: organization.slug, name: organization.name })),
    });
  }
  return first;
}
