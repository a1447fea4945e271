import type { Session } from '../../protocol/api/models';
import { SESSION_TTL_MS } from '../../protocol/constants';
import { findAgentById } from '../agents/agent-queries';
import { toAgent } from '../agents/agent-model';
import type { AgentRow } from '../agents/agent-tables';
import type { Db } from '../db/database';
import type { OrganizationRow } from '../organization/organization-tables';
import type { SignedIn } from '../http/signed-in';
import { toOrganization } from '../organization/organization-model';
import { findOrganizationById } from '../organization/organization-queries';
import { issueToken } from './auth-tokens';
import { hashSecretToken } from './secret-token';

/** Sessions slide: each use (at most once a minute) pushes the expiry SESSION_TTL_MS ahead. */
const TOUCH_INTERVAL_MS = 60_000;

export async function startSession(db: Db, agent: AgentRow, organization: OrganizationRow, now: number): Promise<Session> {
  const token = await issueToken(db, { kind: 'session', agentId: agent.id, orgId: organization.id, ttlMs: SESSION_TTL_MS, now });
  return { token, agent: toAgent(agent, agent.id), organization: toOrganization(organization) };
}

export async function findSession(db: Db, token: string, now: number): Promise<SignedIn | undefined> {
  const session = await db
    .selectFrom('auth_tokens')
    .select(['id', 'agent_id', 'org_id', 'last_used_at', 'created_at'])
    .where('token_hash', '=', hashSecretToken(token))
    .where('kind', '=', 'session')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!session) return undefined;
  const agent = await findAgentById(db, session.agent_id);
  if (!agent || agent.is_removed !== 0 || agent.org_id !== session.org_id) return undefined;
  const organization = await findOrganizationById(db, session.org_id);
  if (!organization) return undefined;
  if (now - (session.last_used_at ?? session.created_at) >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable('auth_tokens')
      .set({ last_used_at: now, expires_at: now + SESSION_TTL_MS })
      .where('id', '=', session.id)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return { agent, organization, sessionId: session.id };
}
