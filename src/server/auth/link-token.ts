import { API_ERRORS } from '../../protocol/api/api-errors';
import { tokenParams } from '../../protocol/api/requests';
import { findAgentById } from '../agents/agent-queries';
import type { AppContext } from '../app-context';
import type { AgentRow } from '../agents/agent-tables';
import type { AuthTokenRow, TokenKind } from './auth-tables';
import type { OrganizationRow } from '../organization/organization-tables';
import { notFound } from '../http/http-error';
import { findOrganizationById } from '../organization/organization-queries';
import { consumeToken, findUsableToken } from './auth-tokens';

export type LinkToken = { token: AuthTokenRow; agent: AgentRow; organization: OrganizationRow };

export const invalidLink = () => notFound(API_ERRORS.invalidLink);

/**
 * The usable token of an emailed link, with its active agent. A malformed, unknown, used,
 * revoked or expired token, or one of another kind, all answer the same 404.
 */
export async function findLinkToken(ctx: AppContext, params: unknown, kinds: readonly TokenKind[]): Promise<LinkToken> {
  const parsed = tokenParams.safeParse(params);
  if (!parsed.success) throw invalidLink();
  const token = await findUsableToken(ctx.db, parsed.data.token, kinds, ctx.clock());
  if (!token) throw invalidLink();
  const agent = await findAgentById(ctx.db, token.agent_id);
  if (!agent || agent.is_removed !== 0) throw invalidLink();
  const organization = await findOrganizationById(ctx.db, token.org_id);
  if (!organization) throw invalidLink();
  return { token, agent, organization };
}

/** Uses a single-use token up; a second request racing for it gets the 404. */
export async function consumeLinkToken(ctx: AppContext, token: AuthTokenRow): Promise<void> {
  if (!(await consumeToken(ctx.db, token.id, ctx.clock()))) throw invalidLink();
}
