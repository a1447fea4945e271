import { STREAMED_REQUEST_TIMEOUT_MS } from '../../protocol/constants';
import type { Clock } from '../socket/connection';

/**
 * Streamed GETs (§7): the request names a target id; the server answers 202 and sends the result
 * over the socket as `fetch` messages with that target id, then DONE or ERROR. A 200 answer
 * carries the result itself (the server has no socket for this session). Identical requests in
 * flight (same url) share one; none outlives STREAMED_REQUEST_TIMEOUT_MS.
 *
 *   pending ──202──▶ streaming ──DONE──▶ resolved
 *      │                 ├──ERROR / timeout──▶ rejected
 *      ├──200──▶ resolved (plain body)
 *      └──failure / timeout──▶ rejected
 */
/** A streamed answer: how many documents came, and the page info its DONE carried. */
export type StreamedOutcome = { streamed: true; count: number; info: Record<string, unknown> } | { streamed: false; body: unknown };
export type BeginResult = { kind: 'streaming' } | { kind: 'plain'; body: unknown };

export class StreamedRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'StreamedRequestError';
  }
}

type Entry = {
  url: string;
  targetId: string;
  count: number;
  promise: Promise<StreamedOutcome>;
  settle: (outcome: { ok: true; value: StreamedOutcome } | { ok: false; error: Error }) => void;
};

export type StreamedRequestsDeps = { clock: Clock; newId: () => string; timeoutMs?: number; timeoutText: string };

export function createStreamedRequests(deps: StreamedRequestsDeps) {
  const timeoutMs = deps.timeoutMs ?? STREAMED_REQUEST_TIMEOUT_MS;
  const byUrl = new Map<string, Entry>();
  const byTarget = new Map<string, Entry>();

  function open(url: string): Entry {
    const targetId = deps.newId();
    let resolve!: (value: StreamedOutcome) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<StreamedOutcome>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const timer = deps.clock.setTimeout(() => entry.settle({ ok: false, error: new StreamedRequestError(deps.timeoutText, null) }), timeoutMs);
    const entry: Entry = {
      url,
      targetId,
      count: 0,
      promise,
      settle(outcome) {
        if (byTarget.get(targetId) !== entry) return;
        byTarget.delete(targetId);
        if (byUrl.get(url) === entry) byUrl.delete(url);
        deps.clock.clearTimeout(timer);
        if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
      },
    };
    byUrl.set(url, entry);
    byTarget.set(targetId, entry);
    return entry;
  }

  return {
    /** Starts `begin(targetId)` unless the same url is already in flight, whose result is shared. */
    request(url: string, begin: (targetId: string) => Promise<BeginResult>): Promise<StreamedOutcome> {
      const joined = byUrl.get(url);
      if (joined) return joined.promise;
      const entry = open(url);
      begin(entry.targetId).then(
        (result) => {
          if (result.kind === 'plain') entry.settle({ ok: true, value: { streamed: false, body: result.body } });
        },
        (error: unknown) => entry.settle({ ok: false, error: error instanceof Error ? error : new Error(String(error)) }),
      );
      return entry.promise;
    },
    /** Documents of a streamed answer were written. */
    fetched(targetId: string, count: number): void {
      const entry = byTarget.get(targetId);
      if (entry) entry.count += count;
    },
    done(targetId: string, info: Record<string, unknown> = {}): void {
      const entry = byTarget.get(targetId);
      entry?.settle({ ok: true, value: { streamed: true, count: entry.count, info } });
    },
    failed(targetId: string, error: Error): void {
      byTarget.get(targetId)?.settle({ ok: false, error });
    },
    rejectAll(error: Error): void {
      for (const entry of [...byTarget.values()]) entry.settle({ ok: false, error });
    },
    get inFlight(): number {
      return byTarget.size;
    },
  };
}

export type StreamedRequests = ReturnType<typeof createStreamedRequests>;
