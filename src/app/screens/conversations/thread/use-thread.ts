import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { InboxDatabase } from '../../../../client-db/inbox-database';
import type { Contact } from '../../../../protocol/documents';
import { useInboxDb } from '../../../sync/sync-context';
import { readThread, type ThreadData } from './read-thread';
import { takePrefetchedThread, type ThreadRead } from './thread-prefetch';

/**
 * The thread of a conversation, live, in timestamp order. `known`: the conversation's contact as
 * the screen already holds it, if it does.
 *
 * The first read starts as the thread first renders (or earlier, as its row was pressed or
 * clicked: thread-prefetch.ts), and renders the thread when it answers. A live query starts its
 * own read only after the render is committed, its effects have run and a timer has fired, behind
 * the other live queries of a freshly opened conversation (a dozen of them); its answer then waits
 * for the scheduler's next render. The first read's answer stands until the live query's own
 * (the same documents, then every change).
 */
export function useThread(conversationId: number, known?: Contact): ThreadData | undefined {
  const db = useInboxDb();
  const first = useFirstRead(db, conversationId, known);
  const live = useLiveQuery(() => readThread(db, conversationId), [db, conversationId]);
  return live ?? first;
}

function useFirstRead(db: InboxDatabase, conversationId: number, known: Contact | undefined): ThreadData | undefined {
  const [read] = useState<ThreadRead>(() => takePrefetchedThread(db, conversationId) ?? { conversationId, answer: readThread(db, conversationId, known) });
  // A read started as the row was pressed may have answered already: the first render shows it.
  const [answered, setAnswered] = useState<ThreadData | undefined>(read.value);
  useEffect(() => {
    let current = true;
    read.answer.then(
      (data) => {
        // Rendered at once, the thread alone: the scheduler would put a frame and the other
        // updates first (10–30 ms in a trace of the triage bench).
        if (current) flushSync(() => setAnswered(data));
      },
      // The live query reads again and reports what fails.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [read]);
  // Thread remounts per conversation (its parent is keyed by id); a changed id without a
  // remount waits for the live query rather than show another conversation's entries.
  return read.conversationId === conversationId ? answered : undefined;
}
