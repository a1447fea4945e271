import { Button } from '../../components/Button';
import { useAgentDirectory } from '../../session/agent-directory';
import { AssigneeAvatar } from './AssigneeAvatar';

type AssigneeControlProps = { agentId: number | null; myId: number; onAssign: (agentId: number | null) => void };

/** Who the conversation is assigned to, "Assign to me", and "Unassign". */
export function AssigneeControl({ agentId, myId, onAssign }: AssigneeControlProps) {
  const assignee = useAgentDirectory().get(agentId ?? -1);
  const name = agentId === null ? 'Unassigned' : agentId === myId ? 'You' : (assignee?.name ?? 'Former teammate');
  return (
    <div className="assignee-control">
      <AssigneeAvatar agentId={agentId} size={24} />
      <span className="assignee-control__name" aria-hidden="true">
        {name}
      </span>
      {agentId !== myId && (
        <Button size="small" onClick={() => onAssign(myId)}>
          Assign to me
        </Button>
      )}
      {agentId !== null && (
        <Button size="small" variant="ghost" onClick={() => onAssign(null)}>
          Unassign
        </Button>
      )}
    </div>
  );
}
