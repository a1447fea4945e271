import { z } from 'zod';
import type { AgentInvite } from '../../protocol/api/models';
import type { AgentInviteRow } from './agent-tables';
import { readJsonColumn } from '../db/json-column';

const rolesSchema = z.array(z.string());

export function inviteRoles(row: Pick<AgentInviteRow, 'roles'>): string[] {
  return readJsonColumn(row.roles, rolesSchema, []);
}

export function toAgentInvite(row: AgentInviteRow, inviterName: string | null): AgentInvite {
  return {
    id: row.id,
    email: row.email,
    roles: inviteRoles(row),
    invited_by: inviterName,
    expires_at: row.expires_at,
    created_at: row.created_at,
  };
}
