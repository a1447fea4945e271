import { API_ERRORS } from '../../protocol/api/api-errors';
import { hasRole, holdsAll, outranks, type RoleHolder } from '../../protocol/roles';
import type { AgentRow } from './agent-tables';
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

function roleHolder(agent: AgentRow): RoleHolder {
  return { is_owner: fromSqlBoolean(agent.is_owner), roles: agentRoles(agent) };
}

/** Nobody but the owner hands out a permission they do not hold themselves. */
export function assertCanGrant(agent: AgentRow, roles: readonly string[]): void {
  if (!holdsAll(roleHolder(agent), roles)) throw forbidden(API_ERRORS.cannotGrantPermission);
}

/** Nobody but the owner changes or removes a teammate who holds a permission they lack. */
export function assertOutranks(agent: AgentRow, target: AgentRow): void {
  if (!outranks(roleHolder(agent), roleHolder(target))) throw forbidden(API_ERRORS.teammateHoldsMore);
}
