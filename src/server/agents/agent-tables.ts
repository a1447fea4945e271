import type { Schema } from '../db/id-column';
import type { Generated, Selectable } from 'kysely';

export interface AgentsTable {
  id: Generated<number>;
  org_id: number;
  email: string;
  name: string;
  avatar: string | null;
  roles: string;
  is_owner: number;
  is_removed: number;
  dark_mode: number | null;
  custom_inboxes: string;
  notifications: string;
  /** AgentPreferences as JSON (0012); `{}` until the agent changes one. */
  preferences: Generated<string>;
  password_hash: string;
  email_validated_at: number | null;
  created_at: number;
  /** Added under the agent's email replies ('' for none). */
  signature: Generated<string>;
  /** 0018: when the agent's last notification digest was mailed. */
  notification_digest_at: Generated<number | null>;
}

export interface AgentInvitesTable {
  id: Generated<number>;
  org_id: number;
  email: string;
  roles: string;
  token_hash: string;
  invited_by: number | null;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export type AgentRow = Selectable<AgentsTable>;

export type AgentInviteRow = Selectable<AgentInvitesTable>;

declare module '../db/database' {
  interface Database {
    agents: AgentsTable;
    agent_invites: AgentInvitesTable;
  }
}

/** Migration 0011: an agent's working preferences (auto-advance, list density), JSON like `notifications`. */
export async function addAgentPreferences(schema: Schema): Promise<void> {
  await schema.alterTable('agents').addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

/** Migration 0013: the signature added under an agent's email replies. */
export async function addAgentSignatures(schema: Schema): Promise<void> {
  await schema.alterTable('agents').addColumn('signature', 'text', (c) => c.notNull().defaultTo('')).execute();
}
