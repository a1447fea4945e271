import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSignedIn } from '../../../session/signed-in-context';
import { QUERY_PARAM, type ConversationFilter } from '../../conversation-filter';
import { listInboxKey, querySource, resolveListSource, type ListSource } from './inbox-filter';

/**
 * The list the current URL asks for: `?query=<inbox query>` (a report's drill-down), `?inbox=<custom
 * inbox key>`, the filter, or the agent's default inbox (§2, §3).
 */
export function useListSource(filter: ConversationFilter): ListSource {
  const { agent } = useSignedIn();
  const [params] = useSearchParams();
  const inboxKey = listInboxKey(params, agent.custom_inboxes);
  const queryText = params.get(QUERY_PARAM);
  const customInboxes = agent.custom_inboxes;
  return useMemo(
    () => (queryText === null ? null : querySource(queryText)) ?? resolveListSource(filter, customInboxes, inboxKey),
    [filter, customInboxes, inboxKey, queryText],
  );
}
