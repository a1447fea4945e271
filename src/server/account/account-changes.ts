import type { Updateable } from 'kysely';
import type { ParsedUpdateAccountBody } from '../../protocol/api/requests';
import type { AppContext } from '../app-context';
import { toAgent } from '../agents/agent-model';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import type { AgentRow, AgentsTable } from '../agents/agent-tables';
import { toSqlNullableBoolean } from '../db/sql-boolean';
import { fieldError, rateLimited } from '../http/http-error';

/**
 * The columns an account update writes. A new password needs the current one; wrong guesses
 * count against the same per-account limit as sign-in.
 */
export async function accountChanges(ctx: AppContext, agent: AgentRow, body: ParsedUpdateAccountBody): Promise<Updateable<AgentsTable>> {
  const changes: Updateable<AgentsTable> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.avatar !== undefined) changes.avatar = body.avatar === '' ? null : body.avatar;
  if (body.dark_mode !== undefined) changes.dark_mode = toSqlNullableBoolean(body.dark_mode);
  if (body.custom_inboxes !== undefined) changes.custom_inboxes = JSON.stringify(body.custom_inboxes);
  if (body.preferences !== undefined) {
    const current = toAgent(agent, agent.id).preferences;
    changes.preferences = JSON.stringify({ ...current, ...body.preferences });
  }
  if (body.signature !== undefined) changes.signature = body.signature;
  if (body.password !== undefined) {
    const failures = ctx.limits.loginFailuresPerAccount;
    if (await failures.isExhausted(agent.email)) throw rateLimited();
    if (!(await verifyPassword(body.current_password ?? '', agent.password_hash))) {
      await failures.consume(agent.email);
      throw fieldError('current_password', 'is incorrect');
    }
    changes.password_hash = await hashPassword(body.password);
  }
  return changes;
}
