import { useLiveQuery } from 'dexie-react-hooks';
import { storedReplyHold } from '../../client-db/reply-hold';
import { PENDING_MESSAGE_DELAY_S } from '../../protocol/constants';
import { useInboxDb } from './sync-context';

/** How long an email reply is held, in seconds: the server's hold as the worker last stored it (10 s before it has heard one). */
export function useReplyHold(): number {
  const db = useInboxDb();
  return useLiveQuery(() => storedReplyHold(db), [db], PENDING_MESSAGE_DELAY_S);
}
