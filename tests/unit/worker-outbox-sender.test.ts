import { describe, expect, it, vi } from 'vitest';
import type { SendOutcome } from '../../src/workers/classify-failure';
import { createOutboxSender } from '../../src/workers/outbox-sender';
import type { StoredRow } from '../../src/workers/outbox-store';
import { createFakeClock } from './support/fake-clock';
import { createFakeNetwork } from './support/worker-harness';

/** The sender over an in-memory outbox whose every send the server answers at once. */
function drain(rows: StoredRow[]) {
  const outbox = new Map(rows.map((row) => [row.id, { ...row }]));
  const sent: StoredRow[] = [];
  const counts = { listPending: 0 };
  const clock = createFakeClock();
  const sender = createOutboxSender({
    clock,
    network: createFakeNetwork(true).port,
    listPending: () => {
      counts.listPending++;
      return Promise.resolve([...outbox.values()].filter((row) => row.state !== 'failed').map((row) => ({ ...row })));
    },
    claim: (ids) => Promise.resolve(ids.flatMap((id) => (outbox.has(id) ? [{ ...outbox.get(id)!, state: 'sending' as const }] : []))),
    send: async (row) => {
      sent.push(row);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { kind: 'response', status: 200, body: null } satisfies SendOutcome;
    },
    succeed: (row) => {
      outbox.delete(row.id);
      return Promise.resolve();
    },
    retry: () => Promise.resolve(),
    fail: () => Promise.resolve(),
    requeue: () => Promise.resolve(),
    onUnauthorized: () => undefined,
    onError: (error) => {
      throw error;
    },
  });
  return { sender, outbox, sent, counts };
}

function row(id: number, conversation: number): StoredRow {
  return {
    id,
    client_id: `m-${id}`,
    seq: id,
    kind: 'read',
    target_key: `conversations:${conversation}`,
    args: { kind: 'read', conversation_id: conversation },
    created_at: 0,
    send_at: 0,
    state: 'queued',
    attempts: 0,
    error: null,
    temp_id: null,
  };
}

describe('the outbox sender under a long queue', () => {
  it('drains 600 rows of 30 conversations once each, in order per conversation, reading the outbox once', async () => {
    const rows = Array.from({ length: 600 }, (_, index) => row(index + 1, (index % 30) + 1));
    const { sender, outbox, sent, counts } = drain(rows);
    sender.start();
    await vi.waitFor(() => expect(outbox.size).toBe(0), { timeout: 10_000 });
    await sender.idle();
    expect(sent.map((r) => r.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
    for (let conversation = 1; conversation <= 30; conversation++) {
      const order = sent.filter((r) => r.args.kind === 'read' && r.args.conversation_id === conversation).map((r) => r.seq);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    // Nothing outside the loop changed the outbox: it was read once, not once per settled row.
    expect(counts.listPending).toBe(1);
    await sender.stop();
  });

  it('a kick from outside (a new row) reads the outbox again', async () => {
    const { sender, outbox, sent, counts } = drain([row(1, 1)]);
    sender.start();
    await vi.waitFor(() => expect(outbox.size).toBe(0));
    await sender.idle();
    outbox.set(2, row(2, 1));
    sender.kick();
    await vi.waitFor(() => expect(sent.map((r) => r.id)).toEqual([1, 2]));
    expect(counts.listPending).toBe(2);
    await sender.stop();
  });
});
