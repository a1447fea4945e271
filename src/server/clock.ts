/** Epoch milliseconds now. Injected so that expiry and rate limits can be tested. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
