import { useCallback, useEffect, useState } from 'react';
import { apiPaths } from '../../protocol/api/routes';
import type { SearchHit, SearchPage } from '../../protocol/api/search-requests';
import { useApi } from '../api/api-context';
import { isAbort, toFailure } from '../api/request-failure';

/** Typing goes on: ask the server once the search has been still this long. */
export const SERVER_SEARCH_DELAY_MS = 200;

export type ServerSearch = {
  /** waiting: not asked yet or no answer yet; offline: not asked or unreachable. */
  status: 'waiting' | 'done' | 'offline' | 'failed';
  hits: SearchHit[] | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
};

type State = { key: string; hits: SearchHit[]; next: string | null; status: 'done' | 'offline' | 'failed'; loadingMore: boolean };

function pagePath(key: string, cursor: string | null): string {
  const params = new URLSearchParams({ q: key });
  if (cursor) params.set('cursor', cursor);
  return `${apiPaths.conversationSearch}?${params.toString()}`;
}

/** `GET conversations/search` for the canonical search `key` (searchKey), first page and more. */
export function useServerSearch(key: string, online: boolean): ServerSearch {
  const api = useApi();
  const [state, setState] = useState<State | null>(null);

  useEffect(() => {
    if (!key || !online) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.get<SearchPage>(pagePath(key, null), controller.signal).then(
        (page) => setState({ key, hits: page.results, next: page.next_cursor, status: 'done', loadingMore: false }),
        (error: unknown) => {
          if (isAbort(error)) return;
          const status = toFailure(error).kind === 'network' ? 'offline' : 'failed';
          setState({ key, hits: [], next: null, status, loadingMore: false });
        },
      );
    }, SERVER_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, key, online]);

  const current = state?.key === key ? state : null;
  const next = current?.next ?? null;
  const loadMore = useCallback(() => {
    if (!next) return;
    setState((previous) => (previous?.key === key ? { ...previous, loadingMore: true } : previous));
    api.get<SearchPage>(pagePath(key, next)).then(
      (page) =>
        setState((previous) => {
          if (previous?.key !== key || previous.next !== next) return previous;
          const seen = new Set(previous.hits.map((hit) => hit.conversation.id));
          const hits = [...previous.hits, ...page.results.filter((hit) => !seen.has(hit.conversation.id))];
          return { ...previous, hits, next: page.next_cursor, loadingMore: false };
        }),
      () => setState((previous) => (previous?.key === key ? { ...previous, loadingMore: false } : previous)),
    );
  }, [api, key, next]);

  if (!online && !current) return { status: 'offline', hits: null, hasMore: false, loadingMore: false, loadMore };
  if (!current) return { status: 'waiting', hits: null, hasMore: false, loadingMore: false, loadMore };
  return { status: current.status, hits: current.status === 'done' ? current.hits : null, hasMore: next !== null, loadingMore: current.loadingMore, loadMore };
}
