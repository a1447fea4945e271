import type { Agent } from '../../protocol/api/models';
import { hasRole } from '../../protocol/roles';

/** Whether the agent may open a page or use an action guarded by `required` (§6). */
export function can(agent: Pick<Agent, 'roles' | 'is_owner'>, required: string): boolean {
  return agent.is_owner || hasRole(agent.roles, required);
}
