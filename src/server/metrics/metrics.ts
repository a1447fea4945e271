export type MutationResult = 'applied' | 'replayed' | 'failed';

/** Counters of this process, read by GET /metrics. Gauges are computed when scraped. */
export type Metrics = {
  feedRowsSent: number;
  mutations: Record<MutationResult, number>;
  /** Bootstraps whose first screen the client answered (PAINTED), or whose wait for it ran out. */
  firstScreens: { answered: number; timed_out: number };
  /** Bootstrap frames that waited for the client's WRITTEN: it answered, or BOOTSTRAP_STALL_MS ran out and the frame went anyway. */
  paceWaits: { answered: number; timed_out: number };
};

export function createMetrics(): Metrics {
  return { feedRowsSent: 0, mutations: { applied: 0, replayed: 0, failed: 0 }, firstScreens: { answered: 0, timed_out: 0 }, paceWaits: { answered: 0, timed_out: 0 } };
}
