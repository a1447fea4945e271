import { MATCHES_MAX_IDS } from '../../protocol/api/search-requests';
import { MATCH_BATCH_DELAY_MS } from '../../protocol/constants';
import { ERROR_TEXTS } from '../../protocol/error-texts';

/** `GET conversations/matches` for some ids and one search: resolves to the answer's `matches`. */
export type FetchMatches = (ids: number[], search: string) => Promise<Record<string, boolean> | undefined>;

/** setTimeout and clearTimeout, injected so that tests control time. */
export type BatchClock = { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };

export type MatchBatcher = {
  /** Whether the conversation matches the search, asked together with the other calls of the same 150 ms. */
  matches(id: number, search: string): Promise<boolean>;
};

type Waiter = { resolve: (matches: boolean) => void; reject: (error: Error) => void };

/**
 * Batches `matches` calls (§7, §9): the calls made within MATCH_BATCH_DELAY_MS of the first go
 * out as one request per search (split only above MATCHES_MAX_IDS ids). An id the answer leaves
 * out is rejected with 'Unprocessed id for matching response' (§5, §8); a failed request
 * rejects every id it carried with its error.
 */
export function createMatchBatcher(fetchMatches: FetchMatches, clock: BatchClock, delayMs = MATCH_BATCH_DELAY_MS): MatchBatcher {
  let waiting = new Map<string, Map<number, Waiter[]>>();
  let timer: unknown = null;

  function send(search: string, batch: Map<number, Waiter[]>): void {
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MATCHES_MAX_IDS) {
      const part = ids.slice(start, start + MATCHES_MAX_IDS);
      fetchMatches(part, search).then(
        (answer) => {
          for (const id of part) {
            const value = answer?.[String(id)];
            for (const waiter of batch.get(id) ?? []) {
              if (typeof value === 'boolean') waiter.resolve(value);
              else waiter.reject(new Error(ERROR_TEXTS.unprocessedMatch));
            }
          }
        },
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          for (const id of part) for (const waiter of batch.get(id) ?? []) waiter.reject(failure);
        },
      );
    }
  }

  function flush(): void {
    timer = null;
    const batches = waiting;
    waiting = new Map();
    for (const [search, batch] of batches) send(search, batch);
  }

  return {
    matches(id, search) {
      return new Promise<boolean>((resolve, reject) => {
        let batch = waiting.get(search);
        if (!batch) waiting.set(search, (batch = new Map<number, Waiter[]>()));
        const waiters = batch.get(id);
        if (waiters) waiters.push({ resolve, reject });
        else batch.set(id, [{ resolve, reject }]);
        timer ??= clock.setTimeout(flush, delayMs);
      });
    },
  };
}
