import { Avatar } from '../../../components/Avatar';
import { useAgentDirectory } from '../../../session/agent-directory';

/**
 * The assignee's avatar, or a dashed ring for "nobody"; named in its tooltip and for screen
 * readers, unless `named` is false (a control that names the assignee itself).
 */
export function AssigneeAvatar({ agentId, size = 22, named = true }: { agentId: number | null; size?: number; named?: boolean }) {
  const agent = useAgentDirectory().get(agentId ?? -1);
  const label = agentId === null ? 'Unassigned' : `Assigned to ${agent?.name ?? 'a former teammate'}`;
  return (
    <span className="assignee" title={label}>
      {agentId === null ? (
        <span className="assignee__none" style={{ width: size, height: size }} aria-hidden="true" />
      ) : (
        <Avatar name={agent?.name ?? '?'} email={agent?.email ?? ''} src={agent?.avatar ?? null} size={size} />
      )}
      {named && <span className="visually-hidden">{label}</span>}
    </span>
  );
}
