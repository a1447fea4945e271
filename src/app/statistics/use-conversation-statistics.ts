import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { apiPaths } from '../../protocol/api/routes';
import type { ConversationStatistics } from '../../protocol/documents';
import { useApi } from '../api/api-context';
import { useInboxDb } from '../sync/sync-context';
import { createCoalescedReload } from './coalesced-reload';

const browserTimers = {
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

/**
 * The server's statistics (`GET conversations/status`, §3), reloaded whenever synced data moves
 * (the feed cursor advances), coalesced as §9 says so a burst of changes costs one reload and
 * one rerun. Home shows the reading time, so it asks for the complete figures. Undefined until the first answer; a failed reload keeps the last answer.
 */
export function useConversationStatistics(): ConversationStatistics | undefined {
  const api = useApi();
  const db = useInboxDb();
  const [statistics, setStatistics] = useState<ConversationStatistics>();
  const [reload, setReload] = useState<{ request(): void } | null>(null);
  const cursor = useLiveQuery(async () => {
    const row = await db.meta.get('cursor');
    return row?.key === 'cursor' ? row.value : null;
  }, [db]);

  useEffect(() => {
    let live = true;
    const reloader = createCoalescedReload(async () => {
      const next = await api.get<ConversationStatistics>(`${apiPaths.conversationStatistics}?complete=true`);
      if (live) setStatistics(next);
    }, browserTimers, { onError: (error) => console.warn('Statistics could not be loaded:', error) });
    setReload(reloader);
    return () => {
      live = false;
      reloader.stop();
    };
  }, [api]);

  useEffect(() => {
    reload?.request();
  }, [reload, cursor]);

  return statistics;
}
