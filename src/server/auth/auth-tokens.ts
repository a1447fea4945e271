import type { AuthTokenRow, TokenKind } from './auth-tables';
import type { Db } from '../db/database';
import { createSecretToken, hashSecretToken } from './secret-token';

export type IssueTokenOptions = { kind: TokenKind; agentId: number; orgId: number; ttlMs: number; now: number };

/** Creates a token and returns it in clear, the only time it exists in clear. */
export async function issueToken(db: Db, options: IssueTokenOptions): Promise<string> {
  const token = createSecretToken();
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: hashSecretToken(token),
      kind: options.kind,
      agent_id: options.agentId,
      org_id: options.orgId,
      expires_at: options.now + options.ttlMs,
      created_at: options.now,
      last_used_at: null,
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** A token of one of these kinds that is neither used, revoked nor expired. */
export async function findUsableToken(
  db: Db,
  token: string,
  kinds: readonly TokenKind[],
  now: number,
): Promise<AuthTokenRow | undefined> {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', hashSecretToken(token))
    .where('kind', 'in', kinds)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks a single-use token used; false when another request used it first. */
export async function consumeToken(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function revokeToken(db: Db, token: string, now: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hashSecretToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes an agent's tokens: all of them, or those of some kinds, sparing one (the session
 * that changes its own password stays signed in).
 */
export async function revokeAgentTokens(
  db: Db,
  agentId: number,
  now: number,
  options: { kinds?: readonly TokenKind[]; exceptId?: number } = {},
): Promise<void> {
  let query = db.updateTable('auth_tokens').set({ revoked_at: now }).where('agent_id', '=', agentId).where('revoked_at', 'is', null);
  if (options.kinds) query = query.where('kind', 'in', options.kinds);
  if (options.exceptId !== undefined) query = query.where('id', '!=', options.exceptId);
  await query.execute();
}
