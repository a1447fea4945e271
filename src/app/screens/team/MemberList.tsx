import type { Agent } from '../../../protocol/api/models';
import { outranks } from '../../../protocol/roles';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { can } from '../../session/permissions';
import { useSignedIn } from '../../session/signed-in-context';
import { useLiveAgentIds } from '../../sync/use-presence';
import { MemberRoleSelect } from './MemberRoleSelect';
import { ROLE_LABELS, presetOf } from './role-preset';

type MemberListProps = { agents: Agent[]; onChanged: (agent: Agent) => void; onRemove: (agent: Agent) => void };

export function MemberList({ agents, onChanged, onRemove }: MemberListProps) {
  const { agent: me } = useSignedIn();
  const live = useLiveAgentIds();
  return (
    <section className="panel" aria-labelledby="members-title">
      <div className="panel__header">
        <h2 className="panel__title" id="members-title">
          Members <span className="count">{agents.length}</span>
        </h2>
      </div>
      <ul className="rows" aria-label="Members">
        {agents.map((agent) => {
          // The owner is above everyone; others change only teammates whose permissions they all hold.
          const manageable = outranks(me, agent);
          return (
            <li key={agent.id} className="row" data-testid="team-member">
              <Avatar name={agent.name} email={agent.email} src={agent.avatar} size={36} />
              <div className="row__main">
                <p className="row__title">
                  {agent.name}
                  {live.has(agent.id) && (
                    <span className="presence-dot" title="Online now">
                      <span className="visually-hidden">Online now</span>
                    </span>
                  )}
                  {agent.is_owner && <Badge tone="accent">Owner</Badge>}
                  {agent.is_current_user && <Badge>You</Badge>}
                  {!agent.is_validated && <Badge tone="warning">Unconfirmed</Badge>}
                </p>
                <p className="row__detail">{agent.email}</p>
              </div>
              <div className="row__side">
                {can(me, 'teammate.update') && manageable ? (
                  <MemberRoleSelect agent={agent} onChanged={onChanged} />
                ) : (
                  <span className="row__role">{agent.is_owner ? 'Owner' : ROLE_LABELS[presetOf(agent.roles)]}</span>
                )}
                {can(me, 'teammate.remove') && manageable && !agent.is_current_user && (
                  <Button variant="ghost" size="small" aria-label={`Remove ${agent.name}`} onClick={() => onRemove(agent)}>
                    Remove
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
