import { STATISTICS_RERUN_MS } from '../../protocol/constants';

/** The timers a reloader needs (the browser's, or a test's fake clock). */
export type ReloadTimers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/**
 * §9 "Statistics reload is coalesced with a 500 ms rerun". A reload asked for while none runs
 * starts at once. One asked for while a load runs does not start a second load beside it: it
 * schedules exactly one rerun, `rerunMs` after the running load ends; every further request
 * until that rerun starts folds into it.
 *
 *   idle ──request──▶ running ──ends──▶ idle
 *                       │ request          ▲
 *                       ▼                  │ ends
 *                    running+rerun ──ends──▶ waiting ──rerunMs──▶ running
 *                                  (requests fold in while running+rerun or waiting)
 */
export type CoalescedReload = {
  request(): void;
  /** No more loads; a scheduled rerun is dropped. */
  stop(): void;
};

export function createCoalescedReload(
  load: () => Promise<void>,
  timers: ReloadTimers,
  options: { rerunMs?: number; onError?: (error: unknown) => void } = {},
): CoalescedReload {
  const rerunMs = options.rerunMs ?? STATISTICS_RERUN_MS;
  let state: 'idle' | 'running' | 'waiting' = 'idle';
  let rerun = false;
  let timer: unknown = null;
  let stopped = false;

  function start(): void {
    state = 'running';
    rerun = false;
    let running: Promise<void>;
    try {
      running = load();
    } catch (error) {
      options.onError?.(error);
      ended();
      return;
    }
    running.catch((error: unknown) => options.onError?.(error)).finally(ended);
  }

  function ended(): void {
    if (stopped) return;
    if (!rerun) {
      state = 'idle';
      return;
    }
    state = 'waiting';
    timer = timers.setTimeout(() => {
      timer = null;
      if (!stopped) start();
    }, rerunMs);
  }

  return {
    request() {
      if (stopped) return;
      if (state === 'idle') start();
      else if (state === 'running') rerun = true;
    },
    stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
