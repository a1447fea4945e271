import { createContext, use } from 'react';
import type { Agent } from '../../protocol/api/models';

/** What the conversation screens show of a teammate; `is_removed` once known (not for yourself). */
export type AgentSummary = Pick<Agent, 'id' | 'name' | 'email' | 'avatar'> & { is_removed?: boolean };

/** The organization's agents by id (assignees, note and reply authors). */
export type AgentDirectory = ReadonlyMap<number, AgentSummary>;

export const AgentDirectoryContext = createContext<AgentDirectory>(new Map());

export function useAgentDirectory(): AgentDirectory {
  return use(AgentDirectoryContext);
}

const cacheKey = (slug: string) => `agents:${slug}`;

/** The last list seen, without pictures (they can be large data URLs), so names show offline. */
export function readCachedAgents(slug: string, storage: Pick<Storage, 'getItem'> = localStorage): AgentSummary[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(cacheKey(slug)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isAgentSummary) : [];
  } catch {
    return [];
  }
}

export function writeCachedAgents(slug: string, agents: readonly AgentSummary[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    const slim = agents.map(({ id, name, email, is_removed }) => (is_removed ? { id, name, email, avatar: null, is_removed } : { id, name, email, avatar: null }));
    storage.setItem(cacheKey(slug), JSON.stringify(slim));
  } catch {
    // Only a convenience for offline starts.
  }
}

/** Teammates one can hand work to (share a draft with): everyone active but yourself, by name. */
export function activeTeammates(directory: AgentDirectory, myId: number): AgentSummary[] {
  return [...directory.values()].filter((agent) => agent.id !== myId && agent.is_removed !== true).sort((a, b) => a.name.localeCompare(b.name));
}

function isAgentSummary(value: unknown): value is AgentSummary {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record['id'] === 'number' && typeof record['name'] === 'string' && typeof record['email'] === 'string';
}
