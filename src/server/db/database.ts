import type { Generated, Kysely, Selectable } from 'kysely';

/**
 * The tables as SQL sees them, on both SQLite and PostgreSQL: times are epoch milliseconds
 * (bigint), flags are integers 0/1 (see sql-boolean.ts) and structured values are JSON text.
 */
export interface Database {
  organizations: OrganizationsTable;
  agents: AgentsTable;
  agent_invites: AgentInvitesTable;
  auth_tokens: AuthTokensTable;
}

export type Db = Kysely<Database>;

export interface OrganizationsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  is_premium: number;
  trial_ends_at: number | null;
  onboarding: string;
  hours: string | null;
  is_custom_data_enabled: number;
  created_at: number;
}

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
  password_hash: string;
  email_validated_at: number | null;
  created_at: number;
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

export const TOKEN_KINDS = ['session', 'reset', 'login', 'validate'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export interface AuthTokensTable {
  id: Generated<number>;
  token_hash: string;
  kind: TokenKind;
  agent_id: number;
  org_id: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
  last_used_at: number | null;
}

export type OrganizationRow = Selectable<OrganizationsTable>;
export type AgentRow = Selectable<AgentsTable>;
export type AgentInviteRow = Selectable<AgentInvitesTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
