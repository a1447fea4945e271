import type { AgentSummary } from '../../session/agent-directory';
import { fuzzyScore } from '../../keyboard/fuzzy-score';

/** One row of the assign menu: a teammate, or nobody ("Unassign"). */
export type AssignChoice = { agentId: number | null; label: string; hint: string };

/**
 * The assign menu's rows for what is typed: you first, then the active teammates by name (best
 * match first once something is typed, on name or email), then "Unassign" when someone has it.
 * The current assignee is not offered again.
 */
export function assignChoices(query: string, agents: Iterable<AgentSummary>, myId: number, current: number | null): AssignChoice[] {
  const typed = query.trim();
  const people = [...agents].filter((agent) => agent.is_removed !== true && agent.id !== current);
  const scored = people.flatMap((agent) => {
    const label = agent.id === myId ? `${agent.name} (you)` : agent.name;
    if (!typed) return [{ agentId: agent.id, label, hint: agent.email, score: agent.id === myId ? 1 : 0 }];
    const onName = fuzzyScore(typed, agent.name);
    const onEmail = fuzzyScore(typed, agent.email);
    const score = Math.max(onName?.score ?? -Infinity, (onEmail?.score ?? -Infinity) - 5, typed.toLowerCase() === 'me' && agent.id === myId ? 10_000 : -Infinity);
    return score === -Infinity ? [] : [{ agentId: agent.id, label, hint: agent.email, score }];
  });
  scored.sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
  const rows: AssignChoice[] = scored.map(({ agentId, label, hint }) => ({ agentId, label, hint }));
  const unassign = current !== null && (!typed || fuzzyScore(typed, 'Unassign nobody') !== null);
  if (unassign) rows.push({ agentId: null, label: 'Unassign', hint: 'Nobody' });
  return rows;
}
