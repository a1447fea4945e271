import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, use, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Draft } from '../../../../protocol/documents';
import { useInboxDb } from '../../../sync/sync-context';

const NO_DRAFTS: Draft[] = [];

/** Every draft this device holds, by conversation; undefined until first read. */
const StoredDraftsContext = createContext<ReadonlyMap<number, Draft[]> | undefined | null>(null);

/**
 * Keeps the drafts table read for the whole signed-in frame (it is small: the agent's own
 * drafts and those shared with it), so that opening a conversation finds its drafts at once
 * instead of waiting for a read of its own before the thread can start loading.
 */
export function StoredDraftsProvider({ children }: { children: ReactNode }) {
  const db = useInboxDb();
  const byConversation = useLiveQuery(async () => {
    const grouped = new Map<number, Draft[]>();
    for (const draft of await db.drafts.toArray()) {
      const list = grouped.get(draft.conversation_id);
      if (list) list.push(draft);
      else grouped.set(draft.conversation_id, [draft]);
    }
    return grouped;
  }, [db]);
  return <StoredDraftsContext value={byConversation}>{children}</StoredDraftsContext>;
}

/** The drafts of a conversation this device holds: the agent's own and those shared with it; undefined while read. */
export function useStoredDrafts(conversationId: number): Draft[] | undefined {
  const all = use(StoredDraftsContext);
  if (all === null) throw new Error('useStoredDrafts needs a <StoredDraftsProvider>.');
  return useMemo(() => (all === undefined ? undefined : (all.get(conversationId) ?? NO_DRAFTS)), [all, conversationId]);
}
