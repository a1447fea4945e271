import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../../../src/client-db/outbox-row';
import { COLLECTIONS } from '../../../../src/protocol/collections';
import type { CollectionName } from '../../../../src/protocol/documents';
import { MUTATION_ARGS } from '../../../../src/protocol/mutations/mutation-input';
import type { MutationKind } from '../../../../src/protocol/mutations/mutation-input';
import { MUTATIONS, targetsOf } from '../../../../src/workers/mutations/mutation-registry';
import { testHarnesses } from '../../support/worker-harness';
import type { Harness } from '../../support/worker-harness';

/**
 * Generated from the registry: every mutation kind's sample (MutationDefinition.sample) goes
 * through enqueue, optimistic change, a refusal by the server and rollback. A new definition is
 * covered here by declaring it.
 */
const harnesses = testHarnesses();

type Snapshot = Map<string, unknown>;

/** Every document of every synced collection, by `${col}:${key}`. */
async function snapshot(h: Harness): Promise<Snapshot> {
  const docs = new Map<string, unknown>();
  for (const col of COLLECTIONS) {
    const table = h.db.table<Record<string, unknown>, string | number>(col);
    const keys = await table.toCollection().primaryKeys();
    const rows = await table.bulkGet(keys);
    keys.forEach((key, index) => docs.set(`${col}:${String(key)}`, rows[index]));
  }
  return docs;
}

const kinds = Object.keys(MUTATIONS) as MutationKind[];

describe('every registered mutation', () => {
  it('has a definition for every kind the protocol declares, and the reverse', () => {
    expect(kinds.sort()).toEqual(Object.keys(MUTATION_ARGS).sort());
  });

  it.each(kinds)('%s: its sample is valid input, shows at once, and a refusal rolls it back to the server copy', async (kind) => {
    const { seed, input } = MUTATIONS[kind].sample;
    expect(input.kind).toBe(kind);
    expect(MUTATION_ARGS[kind].safeParse(input).success).toBe(true);

    const h = harnesses.create();
    for (const [col, docs] of Object.entries(seed) as [CollectionName, Record<string, unknown>[]][]) {
      await h.db.table(col).bulkPut(docs);
    }
    await h.engine.start();
    const server = await snapshot(h);

    const rowId = await h.engine.mutate(input);
    const row = (await h.db.outbox.get(rowId)) as OutboxRow;
    const targets = targetsOf(row).map((target) => `${target.col}:${String(target.id)}`);
    const [call] = await h.waitForCalls(1);
    if (!call) throw new Error('nothing was sent');
    expect(call.url.startsWith('http://inbox.test/api/')).toBe(true);

    // Optimistic: while the request is out, at least one target shows the change.
    const optimistic = await snapshot(h);
    expect(targets.some((key) => JSON.stringify(optimistic.get(key)) !== JSON.stringify(server.get(key)))).toBe(true);

    h.http.autoReply((next) => next.reply(422, { error: 'Refused in the test.' }));
    call.reply(422, { error: 'Refused in the test.' });
    await h.settle();

    const after = await snapshot(h);
    for (const key of new Set([...server.keys(), ...targets])) {
      if (key.startsWith('tags:')) continue;
      expect(after.get(key), key).toEqual(server.get(key));
    }
    expect(await h.db.bases.count()).toBe(0);
    expect((await h.db.outbox.get(rowId))?.state).toBe('failed');
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'mutation-failed' }));
  });
});
