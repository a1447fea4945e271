import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useInboxDb } from '../sync/sync-context';
import type { LocalSearchIndex } from './local-search-index';
import { acquireLocalSearchIndex, peekLocalSearchIndex } from './search-index-cache';
import type { SearchCorpus } from './search-corpus';

const noSubscription = () => () => undefined;

/** A state of the corpus: a new object at each change, so that memos over it recompute. */
export type CorpusSnapshot = { corpus: SearchCorpus; version: number };

/**
 * The organization's local search corpus while the component is mounted and `active` (built on
 * first use, kept warm a while after), re-rendering at each change; null until it is built.
 */
export function useLocalSearchCorpus(active = true): CorpusSnapshot | null {
  const db = useInboxDb();
  // A warm index serves the very first render.
  const [index, setIndex] = useState<LocalSearchIndex | null>(() => peekLocalSearchIndex(db));
  useEffect(() => {
    if (!active) return;
    const taken = acquireLocalSearchIndex(db);
    setIndex(taken.index);
    return taken.release;
  }, [db, active]);
  const version = useSyncExternalStore(index ? index.subscribe : noSubscription, () => index?.version ?? -1);
  return useMemo(() => (index?.ready ? { corpus: index.corpus, version } : null), [index, version]);
}
