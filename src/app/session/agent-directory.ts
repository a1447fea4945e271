import { createContext, use } from 'react';
import type { Agent } from '../../protocol/api/models';

/** What the conversation screens show of a teammate. */
export type AgentSummary = Pick<Agent, 'id' | 'name' | 'email' | 'avatar'>;

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
    const slim = agents.map(({ id, name, email }) => ({ id, name, email, avatar: null }));
    storage.setItem(cacheKey(slug), JSON.stringify(slim));
  } catch {
    // Only a convenience for offline starts.
  }
}

function isAgentSummary(value: unknown): value is AgentSummary {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record['id'] === 'number' && typeof record['name'] === 'string' && typeof record['email'] === 'string';
}
