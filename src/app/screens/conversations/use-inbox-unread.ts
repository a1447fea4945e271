import { useLiveQuery } from 'dexie-react-hooks';
import { useSignedIn } from '../../session/signed-in-context';
import { useInboxDb } from '../../sync/sync-context';
import { matchesFilter } from './inbox-filter';

/** §4, §9: whether the default inbox holds an unread conversation (the inbox icon shows it). */
export function useInboxUnread(): boolean {
  const db = useInboxDb();
  const { agent } = useSignedIn();
  return useLiveQuery(
    async () => {
      const open = await db.conversations.where('status').equals('OPENED').toArray();
      return open.some((c) => c.is_unread && matchesFilter(c, 'inbox', agent.id));
    },
    [db, agent.id],
    false,
  );
}
