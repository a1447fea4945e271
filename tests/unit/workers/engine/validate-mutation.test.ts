import { describe, expect, it } from 'vitest';
import type { MutationInput } from '../../../../src/client-db/outbox-row';
import { mutationRefusal } from '../../../../src/workers/engine/validate-mutation';
import { conversation, testHarnesses } from '../../support/worker-harness';

const harnesses = testHarnesses();

describe('the worker validates every action before it is queued', () => {
  it('a tag without a letter or a digit is refused at once with the server’s text, and nothing is queued or shown', async () => {
    const h = harnesses.create();
    await h.db.conversations.put(conversation({ id: 1, tags: [] }));
    await h.engine.start();
    // Offline: the server never has a say.
    h.network.set(false);
    await expect(h.engine.mutate({ kind: 'tag', conversation_id: 1, name: '!!!' })).rejects.toThrow('name: must contain a letter or a digit');
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.db.conversations.get(1))?.tags).toEqual([]);
    expect(await h.db.tags.count()).toBe(0);
  });

  it('refuses what the server’s schemas refuse, with the same field and text', () => {
    const invalid: [MutationInput, string][] = [
      [{ kind: 'tag', conversation_id: 1, name: '   ' }, 'name: is required'],
      [{ kind: 'bulk', conversation_ids: [1, 2], action: { add_tag: '?!' } }, 'action.add_tag: must contain a letter or a digit'],
      [{ kind: 'reply', conversation_id: 1, message: '  ' }, 'message: is required'],
      [{ kind: 'tag', conversation_id: 1, name: 'x'.repeat(51) }, 'name: is too long'],
      [{ kind: 'status', conversation_id: 1, status: 'GONE' } as unknown as MutationInput, 'status: must be OPENED, WAITING or CLOSED'],
    ];
    for (const [input, text] of invalid) expect(mutationRefusal(input), JSON.stringify(input)).toBe(text);
    expect(mutationRefusal({ kind: 'tag', conversation_id: 1, name: 'Billing' })).toBeNull();
    expect(mutationRefusal({ kind: 'nonsense' } as unknown as MutationInput)).toBe('kind: is not a known action');
  });
});
