import { useMemo } from 'react';
import { parseSearchText, searchKey, type SearchTerm } from '../../protocol/search/search-text';
import { useBrowserOnline } from '../sync/use-connection';
import { matchCandidates, mergeSearchResults, type SearchResult } from './merge-search-results';
import { searchCorpus, type LocalHit } from './search-local';
import { useLocalSearchCorpus } from './use-local-search-index';
import { useMatchVerdicts } from './use-match-verdicts';
import { useServerSearch, type ServerSearch } from './use-server-search';
import { useUnheldThreads } from './use-unheld-threads';

export type ConversationSearch = {
  terms: SearchTerm[];
  /** The search as the server gets it; empty when the text holds no word. */
  key: string;
  /** Local and server results merged, best first. */
  results: SearchResult[];
  /** The local index is built (the first search of a tab reads everything once). */
  localReady: boolean;
  server: ServerSearch;
  online: boolean;
};

const NO_HITS: LocalHit[] = [];

/**
 * Instant search over what this browser holds, merged with the server's full-text results as
 * they arrive; local hits the server no longer finds are checked with batched `matches`.
 * `shown`: how many results the screen shows (only those are checked).
 */
export function useConversationSearch(text: string, shown: number): ConversationSearch {
  const terms = useMemo(() => parseSearchText(text), [text]);
  const key = searchKey(terms);
  const online = useBrowserOnline();
  const snapshot = useLocalSearchCorpus();
  const local = useMemo(() => (snapshot ? searchCorpus(snapshot.corpus, terms) : NO_HITS), [snapshot, terms]);
  const server = useServerSearch(key, online);
  const unheld = useUnheldThreads();
  const candidates = useMemo(() => matchCandidates({ local, server: server.hits, unheld, limit: shown }), [local, server.hits, unheld, shown]);
  const verdicts = useMatchVerdicts(key, candidates, online);
  const results = useMemo(
    () => mergeSearchResults({ local, server: server.hits, verdicts, unheld, held: (id) => snapshot?.corpus.conversations.get(id)?.conversation }),
    [local, server.hits, verdicts, unheld, snapshot],
  );
  return { terms, key, results, localReady: snapshot !== null, server, online };
}
