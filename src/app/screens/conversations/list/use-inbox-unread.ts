import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSignedIn } from '../../../session/signed-in-context';
import { useInboxDb } from '../../../sync/sync-context';
import { countedInboxes } from './inbox-unread-counts';
import { createUnreadTally } from './unread-tally';

const NO_COUNTS: Readonly<Record<string, number>> = {};

/**
 * §3, §4, §9: unread conversations per inbox, from IndexedDB with the lists' predicate:
 * `default` (the inbox icon shows unread when it is not zero) and each custom inbox by key.
 * During a first bootstrap they are the server's (its COUNTS frame), without reading the
 * conversations being written; afterwards an UnreadTally keeps them, reading back only the
 * conversations each write touched (a change never counts the whole table again).
 */
export function useInboxUnreadCounts(): Readonly<Record<string, number>> {
  const db = useInboxDb();
  const { agent } = useSignedIn();
  const inboxes = useMemo(() => countedInboxes(agent.custom_inboxes), [agent.custom_inboxes]);
  // A bootstrap under way: the server's counts, until the local copy is complete (READY). A
  // device that never finished one (no cursor yet) has nothing to count: no tally runs while
  // the first documents stream in.
  const server = useLiveQuery(async () => {
    const row = await db.meta.get('unread-counts');
    return row?.key === 'unread-counts' ? row.counts : null;
  }, [db]);
  // A boolean, so the cursor's moves at each feed commit re-render nothing.
  const synced = useLiveQuery(async () => (await db.meta.get('cursor')) !== undefined, [db]);
  const [local, setLocal] = useState<Readonly<Record<string, number>> | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // What showed last, until the local counts arrive (no blink at READY or when the inboxes change).
  const shown = useRef<Readonly<Record<string, number>>>(NO_COUNTS);
  const counting = server === null && synced === true;

  useEffect(() => {
    if (!counting) return;
    const tally = createUnreadTally({ db, inboxes, me: agent.id, onCounts: setLocal, onError: (error) => setFailure({ error }) });
    return () => {
      tally.stop();
      setLocal(null);
    };
  }, [db, inboxes, agent.id, counting]);

  if (failure) throw failure.error;
  const counts = server ?? local ?? shown.current;
  shown.current = counts;
  return counts;
}
