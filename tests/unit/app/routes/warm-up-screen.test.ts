import { describe, expect, it } from 'vitest';
import { isWarmingUp, warmUpScreen, WARM_UP_DELAY_MS } from '../../../../src/app/routes/warm-up-screen';

function fakeHost(navigator: { onLine: boolean; connection?: { saveData?: boolean } }) {
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  return {
    navigator,
    setTimeout: (callback: () => void, ms: number) => {
      next += 1;
      timers.set(next, { callback, ms });
      return next;
    },
    clearTimeout: (id: number) => void timers.delete(id),
    runTimers: () => {
      for (const [id, timer] of [...timers]) {
        timers.delete(id);
        timer.callback();
      }
    },
    timers,
  };
}

describe("loading a screen's code ahead of its navigation", () => {
  it('loads it shortly after, and says it is warming up until the load settles, failed or not', async () => {
    const host = fakeHost({ onLine: true });
    let fail: (error: Error) => void = () => undefined;
    let loads = 0;
    warmUpScreen(() => {
      loads += 1;
      return new Promise((_resolve, reject) => (fail = reject));
    }, host);
    expect([...host.timers.values()].map((timer) => timer.ms)).toEqual([WARM_UP_DELAY_MS]);
    expect(loads).toBe(0);
    host.runTimers();
    expect(loads).toBe(1);
    expect(isWarmingUp()).toBe(true);
    fail(new Error('Failed to fetch dynamically imported module'));
    await expect.poll(() => isWarmingUp()).toBe(false);
  });

  it('does nothing offline, or when the browser asks to save data', () => {
    for (const navigator of [{ onLine: false }, { onLine: true, connection: { saveData: true } }]) {
      const host = fakeHost(navigator);
      let loads = 0;
      warmUpScreen(() => {
        loads += 1;
        return Promise.resolve();
      }, host);
      host.runTimers();
      expect(loads).toBe(0);
    }
  });

  it('does not load when cancelled before it starts (the login screen left at once)', () => {
    const host = fakeHost({ onLine: true });
    let loads = 0;
    const cancel = warmUpScreen(() => {
      loads += 1;
      return Promise.resolve();
    }, host);
    cancel();
    host.runTimers();
    expect(loads).toBe(0);
  });
});
