import type { Generated, Selectable } from 'kysely';
import type { Schema } from '../db/id-column';

/** `device`: the device cookie of a browser that signed in (device-cookie.ts); it opens nothing. */
export const TOKEN_KINDS = ['session', 'reset', 'login', 'validate', 'device'] as const;

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

export type AuthTokenRow = Selectable<AuthTokensTable>;

export interface RateLimitsTable {
  key: string;
  window_ends_at: number;
  count: number;
}

declare module '../db/database' {
  interface Database {
    auth_tokens: AuthTokensTable;
    rate_limits: RateLimitsTable;
  }
}

/**
 * Migration 0008: rate-limit counters (auth/rate-limit-store.ts), shared by every instance. One
 * row per limit and key: the count of its current window and when that window ends. Rows of
 * ended windows are deleted as the store goes.
 */
export async function createRateLimitTables(schema: Schema): Promise<void> {
  await schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await schema.createIndex('rate_limits_window_ends_index').on('rate_limits').column('window_ends_at').execute();
}
