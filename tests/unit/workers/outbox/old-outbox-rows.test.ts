import { describe, expect, it } from 'vitest';
import { OLD_BUILD_OUTBOX } from '../../fixtures/old-build-outbox-rows';
import { conversation, message, testHarnesses } from '../../support/worker-harness';
import type { Harness } from '../../support/worker-harness';

const harnesses = testHarnesses();

/** The documents the rows were captured over (see old-build-outbox-rows.ts). */
async function seed(h: Harness): Promise<void> {
  await h.db.conversations.bulkPut([
    conversation({ id: 1, tags: ['billing'], recipients: [{ id: 4, from: 'old+cc@example.com', contact_id: 9 }] }),
    conversation({ id: 2, channel: 'CHAT' }),
  ]);
  await h.db.messages.bulkPut([
    message({ id: 'm-1', timestamp_ts: 1000 }),
    message({ id: 'n-2', type: 'NOTE', timestamp_ts: 2000 }),
    message({ id: 'm-3', status: 'PENDING', deliver_at: 1_700_000_005_000, timestamp_ts: 3000 }),
  ]);
  await h.db.drafts.put({ id: 'd-1-1-reply', conversation_id: 1, agent_id: 1, type: 'REPLY', message: 'draft', shared_with: [], updated_at: 1, version: 3 });
}

type Sent = (typeof OLD_BUILD_OUTBOX)[string]['requests'][number];

/**
 * What the previous build sent, plus what was added to the calls since, on purpose: a reply or
 * note also names the draft it was written in, so the server deletes it with the send.
 */
function sentNow({ rows, requests }: (typeof OLD_BUILD_OUTBOX)[string]): Sent[] {
  return requests.map((request) => {
    const args = rows.find((row) => row.client_id === request.mutation_id)?.args;
    const draftId = args && (args.kind === 'reply' || args.kind === 'note') ? args.draft_id : undefined;
    return draftId === undefined ? request : { ...request, body: { ...(request.body as object), draft_id: draftId } };
  });
}

describe('outbox rows stored by the previous build', () => {
  it.each(Object.entries(OLD_BUILD_OUTBOX))('%s: sent with the same method, path, body and mutation id', async (_name, recorded) => {
    const { rows, requests } = recorded;
    const h = harnesses.create({ online: false });
    await seed(h);
    await h.outboxDb.outbox.bulkAdd(rows);
    h.clock.advance(1_700_001_000_000);
    await h.engine.start();
    h.http.autoReply((call) => {
      const body = call.body as { target_id?: string } | undefined;
      if (call.method === 'POST' && call.url.endsWith('/notes')) call.reply(201, message({ id: 'n-9', type: 'NOTE', target_id: body?.target_id ?? null, version: 5 }));
      else call.reply(200, null);
    });
    h.network.set(true);
    await h.waitForCalls(requests.length);
    await h.settle();
    const sent = h.http.calls.map((call) => ({ method: call.method, url: call.url, mutation_id: call.headers['x-mutation-id'], body: call.body ?? null }));
    expect(sent).toEqual(sentNow(recorded));
    expect(await h.db.outbox.count()).toBe(0);
  });
});
