import { foldInboxText } from '../../../../protocol/inbox-query/inbox-query';
import type { AgentSummary } from '../../../session/agent-directory';

/** Most teammates the picker lists at once. */
const SHOWN = 8;

/**
 * The teammates a typed `@query` may mean: a name word or the email starting with it first,
 * then a name containing it; accents and case ignored.
 */
export function mentionChoices(teammates: readonly AgentSummary[], query: string): AgentSummary[] {
  const needle = foldInboxText(query.trim());
  if (needle === '') return teammates.slice(0, SHOWN);
  const rank = (teammate: AgentSummary) => {
    const name = foldInboxText(teammate.name);
    if (name.startsWith(needle)) return 0;
    if (name.split(/\s+/).some((word) => word.startsWith(needle)) || foldInboxText(teammate.email).startsWith(needle)) return 1;
    return name.includes(needle) ? 2 : null;
  };
  return teammates
    .map((teammate) => ({ teammate, rank: rank(teammate) }))
    .filter((entry): entry is { teammate: AgentSummary; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.teammate.name.localeCompare(b.teammate.name))
    .slice(0, SHOWN)
    .map((entry) => entry.teammate);
}
