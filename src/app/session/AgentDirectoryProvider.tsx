import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Agent } from '../../protocol/api/models';
import { apiPaths } from '../../protocol/api/routes';
import { useApi } from '../api/api-context';
import { AgentDirectoryContext, readCachedAgents, writeCachedAgents } from './agent-directory';
import type { AgentSummary } from './agent-directory';
import { useSignedIn } from './signed-in-context';

/** Loads the organization's agents once per session; offline, the last list (names only). */
export function AgentDirectoryProvider({ children }: { children: ReactNode }) {
  const { slug, agent: me } = useSignedIn();
  const api = useApi();
  const [agents, setAgents] = useState<readonly AgentSummary[]>(() => readCachedAgents(slug));

  useEffect(() => {
    const controller = new AbortController();
    api.get<Agent[]>(`${apiPaths.agents}?complete=true`, controller.signal).then(
      (loaded) => {
        setAgents(loaded);
        writeCachedAgents(slug, loaded);
      },
      () => undefined, // Offline or failed: the cached names stay; a 401 ends the session anyway.
    );
    return () => controller.abort();
  }, [api, slug]);

  const directory = useMemo(() => {
    const map = new Map<number, AgentSummary>(agents.map((agent) => [agent.id, agent]));
    map.set(me.id, { id: me.id, name: me.name, email: me.email, avatar: me.avatar });
    return map;
  }, [agents, me.id, me.name, me.email, me.avatar]);

  return <AgentDirectoryContext value={directory}>{children}</AgentDirectoryContext>;
}
