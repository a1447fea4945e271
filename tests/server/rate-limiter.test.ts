import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/server/auth/rate-limiter';

function fakeClock(start = 1_000_000) {
  let now = start;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

describe('rate limiter', () => {
  it('allows the limit within a window and refuses the next event', () => {
    const { clock } = fakeClock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, clock });
    expect([1, 2, 3, 4].map(() => limiter.consume('ip'))).toEqual([true, true, true, false]);
    expect(limiter.isExhausted('ip')).toBe(true);
    expect(limiter.consume('other')).toBe(true);
  });

  it('starts a new window once the window has passed', () => {
    const { clock, advance } = fakeClock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, clock });
    limiter.consume('k');
    limiter.consume('k');
    advance(59_999);
    expect(limiter.consume('k')).toBe(false);
    advance(1);
    expect(limiter.isExhausted('k')).toBe(false);
    expect(limiter.consume('k')).toBe(true);
  });

  it('isExhausted counts nothing and reset forgets the key', () => {
    const { clock } = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, clock });
    expect(limiter.isExhausted('k')).toBe(false);
    expect(limiter.isExhausted('k')).toBe(false);
    expect(limiter.consume('k')).toBe(true);
    expect(limiter.isExhausted('k')).toBe(true);
    limiter.reset('k');
    expect(limiter.consume('k')).toBe(true);
  });

  it('drops expired keys when it holds too many', () => {
    const { clock, advance } = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, clock, maxKeys: 2 });
    limiter.consume('a');
    limiter.consume('b');
    advance(1_000);
    expect(limiter.consume('c')).toBe(true);
    expect(limiter.isExhausted('a')).toBe(false);
  });
});
