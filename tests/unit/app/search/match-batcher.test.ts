import { describe, expect, it } from 'vitest';
import { MATCHES_MAX_IDS } from '../../../../src/protocol/api/search-requests';
import { MATCH_BATCH_DELAY_MS } from '../../../../src/protocol/constants';
import { createMatchBatcher } from '../../../../src/app/search/match-batcher';
import { createFakeClock } from '../../support/fake-clock';

type Call = { ids: number[]; search: string; answer: (matches: Record<string, boolean> | undefined) => void; fail: (error: Error) => void };

function setup() {
  const clock = createFakeClock();
  const calls: Call[] = [];
  const batcher = createMatchBatcher(
    (ids, search) =>
      new Promise((resolve, reject) => {
        calls.push({ ids, search, answer: resolve, fail: reject });
      }),
    clock,
  );
  return { clock, calls, batcher };
}

/** Settles a promise into a value, so a test can look at it after the microtasks ran. */
function settled<T>(promise: Promise<T>) {
  const state: { value?: T; error?: Error; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: Error) => Object.assign(state, { error, done: true }),
  );
  return state;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('matches batching', () => {
  it('sends the calls made within 150 ms as one request per search', async () => {
    const { clock, calls, batcher } = setup();
    const one = settled(batcher.matches(1, 'refund'));
    clock.advance(100);
    const two = settled(batcher.matches(2, 'refund'));
    const other = settled(batcher.matches(3, 'invoice'));
    clock.advance(MATCH_BATCH_DELAY_MS - 101);
    expect(calls).toEqual([]);
    clock.advance(1);
    expect(calls.map(({ ids, search }) => ({ ids, search }))).toEqual([
      { ids: [1, 2], search: 'refund' },
      { ids: [3], search: 'invoice' },
    ]);

    calls[0]?.answer({ 1: true, 2: false });
    calls[1]?.answer({ 3: true });
    await flush();
    expect([one.value, two.value, other.value]).toEqual([true, false, true]);
  });

  it('starts a new window after a request went out', async () => {
    const { clock, calls, batcher } = setup();
    void batcher.matches(1, 'refund');
    clock.advance(MATCH_BATCH_DELAY_MS);
    const late = settled(batcher.matches(2, 'refund'));
    clock.advance(MATCH_BATCH_DELAY_MS - 1);
    expect(calls).toHaveLength(1);
    clock.advance(1);
    expect(calls.map((call) => call.ids)).toEqual([[1], [2]]);
    calls[1]?.answer({ 2: true });
    await flush();
    expect(late.value).toBe(true);
  });

  it("rejects an id the answer leaves out with 'Unprocessed id for matching response'", async () => {
    const { clock, calls, batcher } = setup();
    const answered = settled(batcher.matches(1, 'refund'));
    const missing = settled(batcher.matches(2, 'refund'));
    const notBoolean = settled(batcher.matches(3, 'refund'));
    clock.advance(MATCH_BATCH_DELAY_MS);
    calls[0]?.answer({ 1: false, 3: 'yes' as unknown as boolean });
    await flush();
    expect(answered.value).toBe(false);
    expect(missing.error?.message).toBe('Unprocessed id for matching response');
    expect(notBoolean.error?.message).toBe('Unprocessed id for matching response');
  });

  it('answers the same id asked twice in a window from one entry of one request', async () => {
    const { clock, calls, batcher } = setup();
    const first = settled(batcher.matches(7, 'refund'));
    const second = settled(batcher.matches(7, 'refund'));
    clock.advance(MATCH_BATCH_DELAY_MS);
    expect(calls.map((call) => call.ids)).toEqual([[7]]);
    calls[0]?.answer({ 7: true });
    await flush();
    expect([first.value, second.value]).toEqual([true, true]);
  });

  it('rejects every id of a failed request with its error, and splits above the id limit', async () => {
    const { clock, calls, batcher } = setup();
    const many = Array.from({ length: MATCHES_MAX_IDS + 1 }, (_, i) => settled(batcher.matches(i + 1, 'refund')));
    clock.advance(MATCH_BATCH_DELAY_MS);
    expect(calls.map((call) => call.ids.length)).toEqual([MATCHES_MAX_IDS, 1]);
    calls[0]?.fail(new Error('offline'));
    calls[1]?.answer({ [MATCHES_MAX_IDS + 1]: true });
    await flush();
    expect(many.slice(0, MATCHES_MAX_IDS).every((state) => state.error?.message === 'offline')).toBe(true);
    expect(many.at(-1)?.value).toBe(true);
  });
});
