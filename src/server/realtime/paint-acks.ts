import { createAckCounter, type AckOutcome } from './ack-counter';

/**
 * How long a bootstrap waits, by default, for the client to say it wrote the first screen before
 * sending the rest anyway (a client that never says so, e.g. a tab still running a build from
 * before PAINTED, is only that much later "Live"); FIRST_SCREEN_WAIT_MS in the environment.
 */
export const DEFAULT_FIRST_SCREEN_WAIT_MS = 2_000;

/**
 * The client's PAINTED frames on one socket (protocol/realtime.ts): one for each PAINT whose
 * screen it has written. The bootstrap holds the rest of the organization until every PAINT it
 * sent is answered, so the first screen is written and shown while the machine and the network
 * are not yet busy with the rest.
 */
export type PaintAcks = {
  /** A PAINTED frame arrived. */
  received(): void;
  /** The socket closed: nobody waits any longer. */
  closed(): void;
  /** Resolves once `count` PAINTED frames have arrived, the socket closed, or `timeoutMs` passed: which of them. */
  waitFor(count: number, timeoutMs: number): Promise<FirstScreenOutcome>;
};

export type FirstScreenOutcome = AckOutcome;

export function createPaintAcks(): PaintAcks {
  const counter = createAckCounter();
  return {
    received: () => counter.raise(counter.count + 1),
    closed: () => counter.closed(),
    waitFor: (count, timeoutMs) => counter.waitFor(count, timeoutMs),
  };
}
