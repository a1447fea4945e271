import { describe, expect, it } from 'vitest';
import { conversation, testHarnesses } from '../../support/worker-harness';
import type { Harness } from '../../support/worker-harness';

const harnesses = testHarnesses();

/** A device offline, holding one conversation without tags and the organization's tags. */
async function offlineWith(tags: { slug: string; name: string }[]): Promise<Harness> {
  const h = harnesses.create();
  await h.db.conversations.put(conversation({ id: 1, tags: [] }));
  await h.db.tags.bulkPut(tags.map((tag) => ({ ...tag, is_system: false, version: 3 })));
  await h.engine.start();
  h.network.set(false);
  return h;
}

describe('a tag added by name is the tag of that name', () => {
  it('a renamed tag added by its new name shows under its own slug, and no second tag of that name appears', async () => {
    // "Billing" was renamed "Money": its slug stays `billing`; the server finds it by name.
    const h = await offlineWith([{ slug: 'billing', name: 'Money' }]);
    await h.engine.mutate({ kind: 'tag', conversation_id: 1, name: 'money ' });
    expect((await h.db.conversations.get(1))?.tags).toEqual(['billing']);
    expect((await h.db.tags.toArray()).map((tag) => tag.slug)).toEqual(['billing']);
  });

  it('a renamed tag added to several conversations at once shows under its own slug on each', async () => {
    const h = await offlineWith([{ slug: 'billing', name: 'Money' }]);
    await h.db.conversations.put(conversation({ id: 2, tags: ['vip'] }));
    await h.engine.mutate({ kind: 'bulk', conversation_ids: [1, 2], action: { add_tag: 'MONEY' } });
    expect((await h.db.conversations.bulkGet([1, 2])).map((c) => c?.tags)).toEqual([['billing'], ['vip', 'billing']]);
    expect((await h.db.tags.toArray()).map((tag) => tag.slug)).toEqual(['billing']);
  });

  it('a name no tag has yet shows as a new tag under the slug the server will give it', async () => {
    const h = await offlineWith([{ slug: 'billing', name: 'Money' }]);
    await h.engine.mutate({ kind: 'tag', conversation_id: 1, name: 'Late Delivery' });
    expect((await h.db.conversations.get(1))?.tags).toEqual(['late-delivery']);
    expect(await h.db.tags.get('late-delivery')).toMatchObject({ name: 'Late Delivery', version: 0 });
  });

  it('the request still names the tag as the agent typed it', async () => {
    const h = await offlineWith([{ slug: 'billing', name: 'Money' }]);
    await h.engine.mutate({ kind: 'tag', conversation_id: 1, name: 'Money' });
    h.network.set(true);
    const [call] = await h.waitForCalls(1);
    expect(call?.method).toBe('POST');
    expect(call?.url).toContain('/conversations/1/tags');
    expect(call?.body).toEqual({ name: 'Money' });
  });
});
