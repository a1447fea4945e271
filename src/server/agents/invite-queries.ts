import type { AgentInviteRow } from './agent-tables';
import type { Db } from '../db/database';
import { hashSecretToken } from '../auth/secret-token';

export type InviteWithInviter = { invite: AgentInviteRow; inviterName: string | null };

/** Invitations not yet accepted, revoked or expired, with who sent them. */
export async function findPendingInvites(
  db: Db,
  now: number,
  where: { orgId: number } | { token: string } | { orgId: number; id: number },
): Promise<InviteWithInviter[]> {
  let query = db
    .selectFrom('agent_invites')
    .leftJoin('agents', 'agents.id', 'agent_invites.invited_by')
    .selectAll('agent_invites')
    .select('agents.name as inviter_name')
    .where('agent_invites.accepted_at', 'is', null)
    .where('agent_invites.revoked_at', 'is', null)
    .where('agent_invites.expires_at', '>', now)
    .orderBy('agent_invites.id');
  if ('orgId' in where) query = query.where('agent_invites.org_id', '=', where.orgId);
  if ('id' in where) query = query.where('agent_invites.id', '=', where.id);
  if ('token' in where) query = query.where('agent_invites.token_hash', '=', hashSecretToken(where.token));
  const rows = await query.execute();
  return rows.map(({ inviter_name, ...invite }) => ({ invite, inviterName: inviter_name }));
}
