import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { PresenceRow } from '../../client-db/inbox-database';
import type { AgentSummary } from '../session/agent-directory';
import { useAgentDirectory } from '../session/agent-directory';
import { useInboxDb } from './sync-context';

/** A teammate in the open conversation (§4 viewer presence). */
export type Viewer = AgentSummary & { typing: boolean };

const EMPTY: readonly PresenceRow[] = [];

/**
 * Teammates viewing this conversation right now, and whether each writes a reply, by name.
 * The worker fills the presence table from the socket and empties it when the socket is gone.
 */
export function useConversationViewers(conversationId: number, me: number): Viewer[] {
  const db = useInboxDb();
  const agents = useAgentDirectory();
  const rows = useLiveQuery(() => db.presence.where('conversation_id').equals(conversationId).toArray(), [db, conversationId]) ?? EMPTY;
  return useMemo(
    () =>
      rows
        .filter((row) => row.kind === 'agent' && row.live && row.id !== me)
        .map((row) => {
          const agent = agents.get(row.id);
          return { id: row.id, name: agent?.name ?? 'A teammate', email: agent?.email ?? '', avatar: agent?.avatar ?? null, typing: row.typing };
        })
        .sort((a, b) => a.name.localeCompare(b.name)),
    [rows, agents, me],
  );
}

/** Ids of the teammates who are live (signed in with the app open), for presence dots. */
export function useLiveAgentIds(): ReadonlySet<number> {
  const db = useInboxDb();
  const rows = useLiveQuery(() => db.presence.toArray(), [db]) ?? EMPTY;
  return useMemo(() => new Set(rows.filter((row) => row.kind === 'agent' && row.live).map((row) => row.id)), [rows]);
}
