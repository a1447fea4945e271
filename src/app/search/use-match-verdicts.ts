import { useEffect, useMemo, useRef, useState } from 'react';
import { apiPaths } from '../../protocol/api/routes';
import type { MatchesResponse } from '../../protocol/api/search-requests';
import { useApi } from '../api/api-context';
import { createMatchBatcher, type BatchClock } from './match-batcher';

const browserClock: BatchClock = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

type Verdicts = { key: string; answers: ReadonlyMap<number, boolean> };
const NONE: ReadonlyMap<number, boolean> = new Map();

/**
 * The server's `matches` answers for these conversations and the search `key`, asked through
 * one batcher per API client (so the whole page's questions travel together). An id the
 * server could not answer stays unknown and is not asked again for this search.
 */
export function useMatchVerdicts(key: string, ids: readonly number[], enabled: boolean): ReadonlyMap<number, boolean> {
  const api = useApi();
  const batcher = useMemo(
    () =>
      createMatchBatcher((list, search) => {
        const params = new URLSearchParams({ ids: list.join(','), search });
        return api.get<MatchesResponse>(`${apiPaths.conversationMatches}?${params.toString()}`).then((answer) => answer.matches);
      }, browserClock),
    [api],
  );
  const [verdicts, setVerdicts] = useState<Verdicts>({ key, answers: NONE });
  const asked = useRef<{ key: string; ids: Set<number> }>({ key, ids: new Set() });
  const idList = ids.join(',');

  useEffect(() => {
    if (!enabled || !key || !idList) return;
    if (asked.current.key !== key) asked.current = { key, ids: new Set() };
    const askedIds = asked.current.ids;
    for (const id of idList.split(',').map(Number)) {
      if (askedIds.has(id)) continue;
      askedIds.add(id);
      batcher.matches(id, key).then(
        (matches) =>
          setVerdicts((previous) => {
            const answers = new Map(previous.key === key ? previous.answers : NONE);
            answers.set(id, matches);
            return { key, answers };
          }),
        () => undefined,
      );
    }
  }, [batcher, enabled, key, idList]);

  return verdicts.key === key ? verdicts.answers : NONE;
}
