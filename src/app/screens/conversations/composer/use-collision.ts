import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import { useInboxDb } from '../../../sync/sync-context';
import { collisionState, markOf } from './collision-rule';
import type { CollisionMarks } from './collision-rule';
import { revealEntry } from '../thread/reveal-entry';

/** The newest entries watched for arrivals (a burst larger than this while writing is not expected). */
const WATCHED_ENTRIES = 50;

export type Collision = {
  /** Customer messages and teammates' replies that arrived since the agent started writing. */
  arrived: readonly LocalMessage[];
  /** Some arrived after the last review: the next Send reveals them instead of sending. */
  blocking: boolean;
  /** A Send was held back to show what arrived; the reply is still in the composer. */
  held: boolean;
  /** Scrolls to what arrived (the first not yet reviewed) and counts it as reviewed. */
  review: () => void;
  /** The send path asks first: true means "not now", and the new message was revealed. */
  holdSend: () => boolean;
};

type Marks = CollisionMarks & { held: boolean };

const NO_MARKS: Marks = { writing: null, reviewed: null, held: false };

/**
 * Collision (§1, §4) for the open conversation: `writing` is whether the reply composer holds
 * text. What arrives while it does is named above the composer, and the first Send after an
 * arrival shows it instead of sending (collision-rule.ts decides what counts).
 */
export function useCollision(conversationId: number, writing: boolean, me: number): Collision {
  const db = useInboxDb();
  const recent = useLiveQuery(
    () =>
      db.messages
        .where('[conversation_id+timestamp_ts]')
        .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
        .reverse()
        .limit(WATCHED_ENTRIES)
        .toArray(),
    [db, conversationId],
  );
  const [marks, setMarks] = useState<Marks>(NO_MARKS);

  // Derived state, adjusted while rendering: the mark is taken when writing starts, dropped when it ends.
  if (!writing && marks.writing !== null) setMarks(NO_MARKS);
  if (writing && marks.writing === null && recent !== undefined) setMarks({ writing: markOf(recent), reviewed: null, held: false });

  const state = useMemo(() => collisionState(recent ?? [], marks, me), [recent, marks, me]);

  const reveal = useCallback(
    (held: boolean) => {
      const first = state.unreviewed[0] ?? state.arrived[0];
      if (first) revealEntry(first.id);
      if (recent) setMarks((current) => (current.writing ? { ...current, reviewed: markOf(recent), held } : current));
    },
    [state, recent],
  );

  return useMemo(
    () => ({
      arrived: state.arrived,
      blocking: state.unreviewed.length > 0,
      held: marks.held,
      review: () => reveal(false),
      holdSend: () => {
        if (state.unreviewed.length === 0) return false;
        reveal(true);
        return true;
      },
    }),
    [state, marks.held, reveal],
  );
}
