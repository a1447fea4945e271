import { hasRole } from '../../protocol/roles';
import type { AgentRow } from '../db/database';
import { fromSqlBoolean } from '../db/sql-boolean';
import { forbidden } from '../http/http-error';
import { agentRoles } from './agent-model';

/** The owner passes every check; everyone else needs the role (§5, §6). */
export function can(agent: AgentRow, required: string): boolean {
  return fromSqlBoolean(agent.is_owner) || hasRole(agentRoles(agent), required);
}

export function assertCan(agent: AgentRow, required: string): void {
  if (!can(agent, required)) throw forbidden();
}

/** Nobody but the owner hands out a role they do not hold; roles already held stay grantable. */
export function assertCanGrant(agent: AgentRow, roles: readonly string[], alreadyHeld: readonly string[] = []): void {
  if (fromSqlBoolean(agent.is_owner)) return;
  const own = agentRoles(agent);
  if (roles.some((role) => !alreadyHeld.includes(role) && !own.includes(role))) throw forbidden();
}
