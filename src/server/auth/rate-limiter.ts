import type { Clock } from '../clock';

/**
 * Fixed-window counters per key (an IP, an email address), in memory. The limits are per server
 * process: with several instances behind a load balancer each one counts on its own.
 */
export type RateLimiter = {
  /** Counts one event; false when this event goes over the limit of the current window. */
  consume(key: string): boolean;
  /** Whether the key already used its whole allowance in the current window (counts nothing). */
  isExhausted(key: string): boolean;
  reset(key: string): void;
};

export type RateLimiterOptions = { limit: number; windowMs: number; clock: Clock; maxKeys?: number };

type Window = { startedAt: number; count: number };

export function createRateLimiter({ limit, windowMs, clock, maxKeys = 10_000 }: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, Window>();

  function current(key: string): Window | undefined {
    const window = windows.get(key);
    if (window && clock() - window.startedAt >= windowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  }

  function sweep(): void {
    const now = clock();
    for (const [key, window] of windows) {
      if (now - window.startedAt >= windowMs) windows.delete(key);
    }
  }

  return {
    consume(key) {
      const window = current(key);
      if (window) {
        window.count += 1;
        return window.count <= limit;
      }
      if (windows.size >= maxKeys) sweep();
      windows.set(key, { startedAt: clock(), count: 1 });
      return 1 <= limit;
    },
    isExhausted(key) {
      return (current(key)?.count ?? 0) >= limit;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
