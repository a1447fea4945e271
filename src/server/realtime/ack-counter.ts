/** What a wait on a client's answers ended with. */
export type AckOutcome = 'answered' | 'timed_out' | 'closed';

/**
 * A count a client raises with its answers on one socket (PAINTED, WRITTEN: protocol/realtime.ts),
 * and waits for it to reach a number. Only ever rises; closing the socket ends every wait.
 */
export type AckCounter = {
  readonly count: number;
  /** The client's answers now count `to` (a lower count than before is ignored). */
  raise(to: number): void;
  /** The socket closed: nobody waits any longer. */
  closed(): void;
  /** Resolves once the count reaches `count`, the socket closed, or `timeoutMs` passed: which of them. */
  waitFor(count: number, timeoutMs: number): Promise<AckOutcome>;
};

export function createAckCounter(): AckCounter {
  let count = 0;
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const check of [...waiters]) check();
  };
  return {
    get count() {
      return count;
    },
    raise(to) {
      if (to <= count) return;
      count = to;
      wake();
    },
    closed() {
      closed = true;
      wake();
    },
    waitFor(target, timeoutMs) {
      return new Promise((resolve) => {
        const finish = (outcome: AckOutcome) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(outcome);
        };
        const check = () => {
          if (count >= target) finish('answered');
          else if (closed) finish('closed');
        };
        const timer = setTimeout(() => finish('timed_out'), timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
