import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import { useInboxDb } from '../../../sync/sync-context';

const NONE: ReadonlyMap<number, LocalMessage[]> = new Map();

/**
 * The held threads of the shown results, live (so an edit shows at once), in one query for all
 * rows. Removed entries and undone sends are left out, as the search leaves them out.
 */
export function useResultThreads(ids: readonly number[]): ReadonlyMap<number, LocalMessage[]> {
  const db = useInboxDb();
  const key = ids.join(',');
  return useLiveQuery(
    async () => {
      if (!key) return NONE;
      const messages = await db.messages.where('conversation_id').anyOf(key.split(',').map(Number)).toArray();
      const threads = new Map<number, LocalMessage[]>();
      for (const message of messages) {
        if (message.is_removed || message.status === 'CANCELLED') continue;
        const thread = threads.get(message.conversation_id);
        if (thread) thread.push(message);
        else threads.set(message.conversation_id, [message]);
      }
      return threads;
    },
    [db, key],
    NONE,
  );
}
