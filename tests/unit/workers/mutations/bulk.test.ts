import { describe, expect, it } from 'vitest';
import { pickSendable } from '../../../../src/workers/outbox/pick-sendable';
import { conversation, startedHarnesses } from '../../support/worker-harness';
import type { Harness } from '../../support/worker-harness';

const started = startedHarnesses();

const statuses = async (h: Harness, ids: number[]) => (await h.db.conversations.bulkGet(ids)).map((c) => c?.status);

describe('bulk actions', () => {
  it('patches every listed conversation at once and sends one request; the answer becomes the base', async () => {
    const h = await started();
    await h.db.conversations.bulkPut([conversation({ id: 1 }), conversation({ id: 2 }), conversation({ id: 3 })]);
    await h.engine.mutate({ kind: 'bulk', conversation_ids: [1, 2], action: { status: 'CLOSED' } });
    expect(await statuses(h, [1, 2, 3])).toEqual(['CLOSED', 'CLOSED', 'OPENED']);
    expect(await h.db.outbox.count()).toBe(1);
    const [call] = await h.waitForCalls(1);
    await h.settle();
    expect(h.http.calls).toHaveLength(1);
    expect(call?.url).toBe('http://inbox.test/api/conversations/bulk');
    expect(call?.body).toEqual({ ids: [1, 2], action: { status: 'CLOSED' } });
    call?.reply(200, { conversations: [conversation({ id: 1, status: 'CLOSED', version: 5 }), conversation({ id: 2, status: 'CLOSED', version: 5 })] });
    await h.settle();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.bases.count()).toBe(0);
    expect((await h.db.conversations.bulkGet([1, 2])).map((c) => c?.version)).toEqual([5, 5]);
    expect(await statuses(h, [1, 2, 3])).toEqual(['CLOSED', 'CLOSED', 'OPENED']);
  });

  it('a refusal rolls back every patched conversation, keeping their other pending rows', async () => {
    const h = await started();
    await h.db.conversations.bulkPut([conversation({ id: 1 }), conversation({ id: 2 })]);
    await h.engine.mutate({ kind: 'bulk', conversation_ids: [1, 2], action: { agent_id: 7 } });
    await h.engine.mutate({ kind: 'bulk', conversation_ids: [2], action: { add_tag: 'Billing' } });
    expect((await h.db.conversations.bulkGet([1, 2])).map((c) => c?.agent_id)).toEqual([7, 7]);
    expect((await h.db.conversations.get(2))?.tags).toContain('billing');
    const [call] = await h.waitForCalls(1);
    await h.settle();
    // The second bulk action waits behind the first in conversation 2's lane.
    expect(h.http.calls).toHaveLength(1);
    call?.reply(404, { error: 'Not found' });
    await h.settle();
    expect((await h.db.conversations.bulkGet([1, 2])).map((c) => c?.agent_id)).toEqual([null, null]);
    expect((await h.db.conversations.get(2))?.tags).toContain('billing');
    const rows = await h.db.outbox.orderBy('seq').toArray();
    expect(rows.map((row) => row.state)).toEqual(['failed', 'sending']);
  });

  it('a row in several lanes goes only when it heads each of them', () => {
    const rows = [
      { id: 1, seq: 1, lane: 2, send_at: 0 },
      { id: 2, seq: 2, lane: 1, lanes: [1, 2], send_at: 0 },
      { id: 3, seq: 3, lane: 1, send_at: 0 },
      { id: 4, seq: 4, lane: 3, send_at: 0 },
    ];
    expect(pickSendable(rows, new Set(), 0).ready).toEqual([1, 4]);
    expect(pickSendable(rows.slice(1), new Set(), 0).ready).toEqual([2, 4]);
  });
});
