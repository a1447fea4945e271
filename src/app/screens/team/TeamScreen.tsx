import { useCallback, useState } from 'react';
import type { Agent, AgentInvite } from '../../../protocol/api/models';
import { apiPaths } from '../../../protocol/api/routes';
import { ERROR_TEXTS } from '../../../protocol/error-texts';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { useLoad } from '../../hooks/use-load';
import { PageHeader } from '../../layout/PageHeader';
import { can } from '../../session/permissions';
import { useSignedIn } from '../../session/signed-in-context';
import { InviteForm } from './InviteForm';
import { MemberList } from './MemberList';
import { PendingInvites } from './PendingInvites';
import { RemoveMemberModal } from './RemoveMemberModal';

type Team = { agents: Agent[]; invites: AgentInvite[] };

/** `team` (§6, teammate.*): members with their roles, pending invitations, invite by email. */
export default function TeamScreen() {
  const { agent: me } = useSignedIn();
  const api = useApi();
  const canInvite = can(me, 'teammate.invite');
  const load = useCallback(
    async (signal: AbortSignal): Promise<Team> => {
      const [agents, invites] = await Promise.all([
        api.get<Agent[]>(`${apiPaths.agents}?complete=true`, signal),
        canInvite ? api.get<AgentInvite[]>(apiPaths.agentsPending, signal) : Promise.resolve([]),
      ]);
      return { agents: agents.filter((agent) => !agent.is_removed), invites };
    },
    [api, canInvite],
  );
  const { state, setData } = useLoad(load);
  const [removing, setRemoving] = useState<Agent | null>(null);

  const replaceAgent = useCallback(
    (updated: Agent) => setData((team) => ({ ...team, agents: team.agents.map((a) => (a.id === updated.id ? updated : a)) })),
    [setData],
  );

  return (
    <div className="page">
      <PageHeader title="Team" description="Everyone who answers customers with you, and what they can do." />
      {canInvite && (
        <InviteForm onInvited={(invite) => setData((team) => ({ ...team, invites: [invite, ...team.invites] }))} />
      )}
      {state.status === 'loading' && (
        <div className="centered" style={{ minHeight: 200 }}>
          <Spinner large label="Loading the team" />
        </div>
      )}
      {/* §8: an agent list failure other than a 401 (which ends the session) is this alert. */}
      {state.status === 'error' && failureText(state.failure) && <Alert tone="error">{ERROR_TEXTS.agentListLoad}</Alert>}
      {state.status === 'ready' && (
        <>
          <MemberList agents={state.data.agents} onChanged={replaceAgent} onRemove={setRemoving} />
          {state.data.invites.length > 0 && (
            <PendingInvites
              invites={state.data.invites}
              onRevoked={(id) => setData((team) => ({ ...team, invites: team.invites.filter((i) => i.id !== id) }))}
            />
          )}
        </>
      )}
      <RemoveMemberModal
        agent={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(removed) => {
          setRemoving(null);
          setData((team) => ({ ...team, agents: team.agents.filter((a) => a.id !== removed.id) }));
        }}
      />
    </div>
  );
}
