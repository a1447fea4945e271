export type MutationResult = 'applied' | 'replayed' | 'failed';

/** Counters of this process, read by GET /metrics. Gauges are computed when scraped. */
export type Metrics = {
  feedRowsSent: number;
  mutations: Record<MutationResult, number>;
};

export function createMetrics(): Metrics {
  return { feedRowsSent: 0, mutations: { applied: 0, replayed: 0, failed: 0 } };
}
