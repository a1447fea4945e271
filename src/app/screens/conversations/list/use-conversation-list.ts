import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSignedIn } from '../../../session/signed-in-context';
import type { ConversationFilter } from '../../conversation-filter';
import { listInboxKey, resolveListSource, type ListSource } from './inbox-filter';

/** The list the current URL asks for: `?inbox=<custom inbox key>`, the filter, or the agent's default inbox (§2, §3). */
export function useListSource(filter: ConversationFilter): ListSource {
  const { agent } = useSignedIn();
  const inboxKey = listInboxKey(useSearchParams()[0], agent.custom_inboxes);
  const customInboxes = agent.custom_inboxes;
  return useMemo(() => resolveListSource(filter, customInboxes, inboxKey), [filter, customInboxes, inboxKey]);
}
