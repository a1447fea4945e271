import { describe, expect, it } from 'vitest';
import { createAckCounter } from '../../../../src/server/realtime/ack-counter';
import { bootstrapPacer } from '../../../../src/server/realtime/bootstrap-pace';
import type { BootstrapFrame } from '../../../../src/server/realtime/organization-documents';

const frame = (count: number) => ({ action: 'fetch', col: 'contacts', documents: Array.from({ length: count }, (_, id) => ({ id })) }) as unknown as BootstrapFrame;
const messagesFrame = (count: number): BootstrapFrame => ({ action: 'fetch', col: 'messages', documentsJson: Array.from({ length: count }, (_, id) => `{"id":${id}}`) });

/** Whether `promise` has settled after the microtasks queued so far ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('a bootstrap paced by what the client has written', () => {
  it('sends while what is unwritten fits the window, then waits for WRITTEN to open it', async () => {
    const written = createAckCounter();
    const pace = bootstrapPacer(written, 100, 60_000);
    expect(await pace(frame(60))).toBe(true);
    expect(await pace({ action: 'PAINT' })).toBe(true);
    expect(await pace(messagesFrame(40))).toBe(true);
    // 100 sent, none written: one more document would leave 101 unwritten.
    const next = pace(frame(30));
    expect(await settled(next)).toBe(false);
    written.raise(20);
    expect(await settled(next)).toBe(false);
    written.raise(30);
    expect(await next).toBe(true);
  });

  it('sends a frame larger than the window once everything before it is written', async () => {
    const written = createAckCounter();
    const pace = bootstrapPacer(written, 100, 60_000);
    expect(await pace(frame(250))).toBe(true);
    const next = pace(frame(250));
    written.raise(249);
    expect(await settled(next)).toBe(false);
    written.raise(250);
    expect(await next).toBe(true);
  });

  it('stops when the socket closes, sends on when WRITTEN is late past the stall time, and never waits for a client that did not ask', async () => {
    const closing = createAckCounter();
    const closed = bootstrapPacer(closing, 10, 60_000);
    await closed(frame(10));
    const waiting = closed(frame(1));
    closing.closed();
    expect(await waiting).toBe(false);

    const stalled = bootstrapPacer(createAckCounter(), 10, 20);
    await stalled(frame(10));
    expect(await stalled(frame(1))).toBe(true);

    const unpaced = bootstrapPacer(null, 10, 60_000);
    for (let sent = 0; sent < 5; sent++) expect(await settled(unpaced(frame(100)))).toBe(true);
  });

  it('reports each frame that had to wait by how the wait ended, and nothing for a frame that went at once', async () => {
    const written = createAckCounter();
    const outcomes: string[] = [];
    const pace = bootstrapPacer(written, 10, 20, (outcome) => outcomes.push(outcome));
    await pace(frame(10));
    expect(outcomes).toEqual([]);
    const answered = pace(frame(5));
    written.raise(5);
    await answered;
    expect(await pace(frame(5))).toBe(true);
    expect(outcomes).toEqual(['answered', 'timed_out']);
  });

  it('counts only rising answers: a late, lower count does not close the window again', () => {
    const written = createAckCounter();
    written.raise(5);
    written.raise(3);
    expect(written.count).toBe(5);
  });
});
