import type { RateLimitStore } from './rate-limit-store';

/**
 * A limit of `limit` events per fixed window for each key (an IP, an email address), counted in
 * a RateLimitStore: in the database, so every server instance counts against the same limit.
 * `name` keeps the keys of different limits apart in the store.
 */
export type RateLimiter = {
  /** Counts one event; false when this event goes over the limit of the current window. */
  consume(key: string): Promise<boolean>;
  /** Whether the key already used its whole allowance in the current window (counts nothing). */
  isExhausted(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
};

export type RateLimiterOptions = { name: string; limit: number; windowMs: number; store: RateLimitStore };

export function createRateLimiter({ name, limit, windowMs, store }: RateLimiterOptions): RateLimiter {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    async consume(key) {
      return (await store.hit(keyOf(key), windowMs)) <= limit;
    },
    async isExhausted(key) {
      return (await store.count(keyOf(key))) >= limit;
    },
    reset: (key) => store.reset(keyOf(key)),
  };
}
