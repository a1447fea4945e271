import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSignedIn } from '../../session/signed-in-context';
import { INBOX_PARAM, type ConversationFilter } from '../conversation-filter';
import { resolveListSource, type ListSource } from './inbox-filter';

/** The list the current URL asks for: `?inbox=<custom inbox key>` or the filter (§2, §3). */
export function useListSource(filter: ConversationFilter): ListSource {
  const { agent } = useSignedIn();
  const inboxKey = useSearchParams()[0].get(INBOX_PARAM);
  const customInboxes = agent.custom_inboxes;
  return useMemo(() => resolveListSource(filter, customInboxes, inboxKey), [filter, customInboxes, inboxKey]);
}
