import { describe, expect, it, vi } from 'vitest';
import type { SendOutcome } from '../../../../src/workers/outbox/classify-failure';
import { createOutboxSender } from '../../../../src/workers/outbox/outbox-sender';
import type { StoredRow } from '../../../../src/workers/outbox/outbox-store';
import { createFakeClock } from '../../support/fake-clock';
import { createFakeNetwork } from '../../support/worker-harness';

/** The sender over an in-memory outbox whose every send the server answers at once. */
type BatchAnswer = (rows: StoredRow[]) => SendOutcome[] | null;

function drain(rows: StoredRow[], batches?: { size: number; answer: BatchAnswer }) {
  const outbox = new Map(rows.map((row) => [row.id, { ...row }]));
  const sent: StoredRow[] = [];
  const counts = { listPending: 0 };
  const requests: StoredRow[][] = [];
  const failed: { row: StoredRow; text: string }[] = [];
  const retried: StoredRow[] = [];
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
    ...(batches
      ? {
          batchSize: batches.size,
          maxInFlight: 100,
          sendBatch: async (group: StoredRow[]) => {
            requests.push(group);
            await new Promise((resolve) => setTimeout(resolve, 1));
            return batches.answer(group);
          },
        }
      : {}),
    succeed: (row) => {
      outbox.delete(row.id);
      return Promise.resolve();
    },
    retry: (row, sendAt) => {
      retried.push(row);
      const stored = outbox.get(row.id);
      if (stored) outbox.set(row.id, { ...stored, state: 'queued', send_at: sendAt, attempts: stored.attempts + 1 });
      return Promise.resolve();
    },
    fail: (row, text) => {
      failed.push({ row, text });
      outbox.delete(row.id);
      return Promise.resolve();
    },
    requeue: () => Promise.resolve(),
    onUnauthorized: () => undefined,
    onError: (error) => {
      throw error;
    },
  });
  return { sender, outbox, sent, counts, requests, failed, retried, clock };
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

describe('the outbox sender with batches', () => {
  const ok: BatchAnswer = (group) => group.map(() => ({ kind: 'response', status: 200, body: null }));

  it('drains 600 rows of 30 conversations in batches of different conversations, each row once and in order per conversation', async () => {
    const rows = Array.from({ length: 600 }, (_, index) => row(index + 1, (index % 30) + 1));
    const { sender, outbox, requests } = drain(rows, { size: 10, answer: ok });
    sender.start();
    await vi.waitFor(() => expect(outbox.size).toBe(0), { timeout: 10_000 });
    await sender.idle();
    const sent = requests.flat();
    expect(sent.map((r) => r.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
    expect(requests.length).toBeLessThanOrEqual(600 / 10 + 20);
    for (const group of requests) {
      expect(group.length).toBeLessThanOrEqual(10);
      expect(new Set(group.map((r) => r.target_key)).size).toBe(group.length);
    }
    for (let conversation = 1; conversation <= 30; conversation++) {
      const order = sent.filter((r) => r.args.kind === 'read' && r.args.conversation_id === conversation).map((r) => r.seq);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    await sender.stop();
  });

  it("each row of a batch settles with its own answer: a refused one fails alone, and a batch's 503 retries every row", async () => {
    let calls = 0;
    const answer: BatchAnswer = (group) => {
      calls++;
      if (calls === 1) return group.map(() => ({ kind: 'response', status: 503, body: null }));
      return group.map((r) => (r.id === 2 ? { kind: 'response', status: 400, body: { error: 'Refused.' } } : { kind: 'response', status: 200, body: null }));
    };
    const { sender, outbox, failed, retried, clock } = drain([row(1, 1), row(2, 2), row(3, 3)], { size: 10, answer });
    sender.start();
    await vi.waitFor(() => expect(retried).toHaveLength(3));
    clock.advance(60_000);
    await vi.waitFor(() => expect(outbox.size).toBe(0));
    expect(failed.map((f) => f.row.id)).toEqual([2]);
    await sender.stop();
  });

  it('a server without batches gets the rows one by one', async () => {
    const { sender, outbox, sent, requests } = drain([row(1, 1), row(2, 2), row(3, 3)], { size: 10, answer: () => null });
    sender.start();
    await vi.waitFor(() => expect(outbox.size).toBe(0));
    expect(requests).toHaveLength(1);
    expect(sent.map((r) => r.id).sort()).toEqual([1, 2, 3]);
    await sender.stop();
  });
});
