import { useAgentDirectory } from '../../../session/agent-directory';
import { AssignMenu } from '../AssignMenu';
import { AssigneeAvatar } from './AssigneeAvatar';

type AssigneeControlProps = { agentId: number | null; myId: number; onAssign: (agentId: number | null) => void };

/**
 * Who the conversation is assigned to, as one button: it opens the searchable "Assign to"
 * menu (any teammate, or nobody). Its width does not depend on a teammate's avatar arriving.
 */
export function AssigneeControl({ agentId, myId, onAssign }: AssigneeControlProps) {
  const assignee = useAgentDirectory().get(agentId ?? -1);
  const name = agentId === null ? 'Unassigned' : agentId === myId ? 'You' : (assignee?.name ?? 'Former teammate');
  return (
    <div className="assignee-control">
      {/* Named by its words ("Assignee: Sam Chen"), so the avatar's initials are not read as a second name. */}
      <AssignMenu current={agentId} myId={myId} onAssign={onAssign} className="assignee-control__button">
        <AssigneeAvatar agentId={agentId} size={22} named={false} />
        <span className="visually-hidden">Assignee: </span>
        <span className="assignee-control__name">{name}</span>
      </AssignMenu>
    </div>
  );
}
