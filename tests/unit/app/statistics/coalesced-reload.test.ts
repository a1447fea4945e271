import { describe, expect, it } from 'vitest';
import { createCoalescedReload } from '../../../../src/app/statistics/coalesced-reload';
import { STATISTICS_RERUN_MS } from '../../../../src/protocol/constants';
import { createFakeClock } from '../../support/fake-clock';

/** Loads that finish when the test says so. */
function controlledLoads() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let started = 0;
  const load = () =>
    new Promise<void>((resolve, reject) => {
      started += 1;
      pending.push({ resolve, reject });
    });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    load,
    get started() {
      return started;
    },
    async finish() {
      pending.shift()?.resolve();
      await flush();
    },
    async fail() {
      pending.shift()?.reject(new Error('offline'));
      await flush();
    },
  };
}

describe('statistics reload (§9: coalesced with a 500 ms rerun)', () => {
  it('loads at once when idle, and again at once once that load ended', async () => {
    const clock = createFakeClock();
    const loads = controlledLoads();
    const reload = createCoalescedReload(loads.load, clock);
    reload.request();
    expect(loads.started).toBe(1);
    await loads.finish();
    reload.request();
    expect(loads.started).toBe(2);
    expect(clock.pending()).toBe(0);
  });

  it('requests during a load fold into exactly one rerun, 500 ms after that load ends', async () => {
    const clock = createFakeClock();
    const loads = controlledLoads();
    const reload = createCoalescedReload(loads.load, clock);
    reload.request();
    reload.request();
    reload.request();
    clock.advance(2_000);
    expect(loads.started).toBe(1);

    await loads.finish();
    clock.advance(STATISTICS_RERUN_MS - 1);
    reload.request();
    expect(loads.started).toBe(1);
    clock.advance(1);
    expect(loads.started).toBe(2);

    await loads.finish();
    clock.advance(10_000);
    expect(loads.started).toBe(2);
  });

  it('a failed load still lets the rerun go, and stop drops a scheduled rerun', async () => {
    const clock = createFakeClock();
    const loads = controlledLoads();
    const errors: unknown[] = [];
    const reload = createCoalescedReload(loads.load, clock, { onError: (error) => errors.push(error) });
    reload.request();
    reload.request();
    await loads.fail();
    expect(errors).toHaveLength(1);
    clock.advance(STATISTICS_RERUN_MS);
    expect(loads.started).toBe(2);

    reload.request();
    await loads.finish();
    reload.stop();
    clock.advance(STATISTICS_RERUN_MS);
    reload.request();
    expect(loads.started).toBe(2);
    expect(clock.pending()).toBe(0);
  });
});
