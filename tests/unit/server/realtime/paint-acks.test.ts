import { describe, expect, it } from 'vitest';
import { createPaintAcks } from '../../../../src/server/realtime/paint-acks';

describe('a bootstrap waiting for the first screen to be answered', () => {
  it('goes on once every PAINT is answered, counting answers that came before it waited', async () => {
    const acks = createPaintAcks();
    acks.received();
    const waiting = acks.waitFor(3, 60_000);
    acks.received();
    let done = false;
    void waiting.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    acks.received();
    expect(await waiting).toBe('answered');
  });

  it('goes on when the socket closes, or when the wait runs out (at once with a wait of 0)', async () => {
    const closing = createPaintAcks();
    const waiting = closing.waitFor(2, 60_000);
    closing.closed();
    expect(await waiting).toBe('closed');
    expect(await createPaintAcks().waitFor(2, 0)).toBe('timed_out');
    expect(await createPaintAcks().waitFor(2, 20)).toBe('timed_out');
  });
});
