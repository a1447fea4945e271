import type { InboxDatabase } from '../../client-db/inbox-database';
import type { MutationInput, OutboxRow } from '../../client-db/outbox-row';
import { collectionKeyOf } from '../../protocol/collections';
import { applyMutation } from '../engine/apply-mutation';
import { isTempId, parseTargetKey, targetKey } from '../engine/mutation-target';
import {
  definitionOf,
  lanesOf,
  MUTATED_COLLECTIONS,
  primaryTargetKey,
  referredIdOf,
  targetKeysOf,
  withReferredId,
} from '../mutations/mutation-registry';
import { pendingRowsFor, recomputeTarget } from '../engine/recompute-visible';
import { deleteServerDoc, putServerDocs } from '../feed/server-documents';
import type { SendSettled } from '../feed/server-documents';

/**
 * The outbox's transactions (see OutboxRow for the row's states). Each one changes the row and
 * the visible documents together, so no mutation goes untracked and no patch outlives its row.
 * They run on the strict-durability instance of the database. What a row does is its kind's
 * definition (src/workers/mutations/); nothing here names a kind.
 */
export type StoredRow = OutboxRow & { id: number };
export type NewRowIds = { clientId: string; tempId: string };

/** Every table a mutation may read or change: the outbox, the base copies, the collections of the registry's definitions. */
export const outboxTables = (db: InboxDatabase) => [db.outbox, db.bases, ...MUTATED_COLLECTIONS.map((col) => db.table(col))];

/**
 * The enqueue's tables: the outbox's, and `meta`, where a definition's `prepare` reads what the
 * server last told the device (a held reply's delay, client-db/reply-hold.ts). Only the enqueue
 * opens it: the sender's transactions do not wait on the connection state's writes.
 */
const enqueueTables = (db: InboxDatabase) => [...outboxTables(db), db.meta];

/** Records a user action: a coalescing one may take over its document's queued row instead. */
export async function enqueueMutation(db: InboxDatabase, input: MutationInput, ids: NewRowIds, now: number): Promise<number> {
  return db.transaction('rw', enqueueTables(db), async () => {
    // The same call again (a tab repeating it on a new leader): its row, if it is still here.
    const recorded = await db.outbox.where('client_id').equals(ids.clientId).first();
    if (recorded?.id !== undefined) return recorded.id;
    if (definitionOf(input).coalesces) {
      const replaced = await coalesce(db, input, ids, now);
      if (replaced !== null) return replaced;
    }
    return addMutationRow(db, input, ids, now);
  });
}

/**
 * Saving as the agent types (a draft) would add a row per keystroke. Instead, while the
 * document's last row is of the same kind and still queued (not sent, not being sent), and
 * nothing queued after it in its lanes targets or uses that document (a send carrying the draft,
 * a share of it), that row takes the new input: it is saved whole, so the latest state is all the
 * server needs. Other actions in the lanes (read, tag, status…) do not split the save. It takes a
 * new mutation id too: a retried row may have been applied under its old one, whose stored answer
 * would be replayed instead of the new input.
 */
async function coalesce(db: InboxDatabase, input: MutationInput, ids: NewRowIds, now: number): Promise<number | null> {
  const key = primaryTargetKey({ args: input, temp_id: null });
  const last = (await pendingRowsFor(db, key)).at(-1);
  if (last?.id === undefined || last.state !== 'queued' || last.kind !== input.kind) return null;
  const lanes = lanesOf({ args: input });
  const later = await db.outbox
    .where('seq')
    .above(last.seq)
    .filter((row) => row.state !== 'failed' && lanesOf(row).some((lane) => lanes.includes(lane)) && dependsOn(row, key))
    .count();
  if (later > 0) return null;
  await db.outbox.update(last.id, { args: input, client_id: ids.clientId, created_at: now, target_keys: targetKeysOf({ args: input, temp_id: null }) });
  await recomputeTarget(db, key, now);
  return last.id;
}

/** Whether a row changes or uses the document `key`. */
function dependsOn(row: OutboxRow, key: string): boolean {
  const uses = definitionOf(row.args).uses?.(row.args) ?? [];
  return targetKeysOf(row).includes(key) || uses.some((target) => targetKey(target) === key);
}

/**
 * Adds a row and shows its patch, then the rows its definition queues with it (each sent under
 * this row's mutation id suffixed by its kind: unique as long as this one's is). Runs inside a
 * transaction over `outboxTables(db)`, and `meta` too for an input whose `prepare` reads it (an
 * enqueue's).
 */
export async function addMutationRow(db: InboxDatabase, input: MutationInput, ids: NewRowIds, now: number): Promise<number> {
  const definition = definitionOf(input);
  const args = definition.prepare ? await definition.prepare(db, input) : input;
  const tempId = definition.creates ? ids.tempId : null;
  const key = primaryTargetKey({ args, temp_id: tempId });
  const last = await db.outbox.orderBy('seq').last();
  const id = await db.outbox.add({
    client_id: ids.clientId,
    seq: (last?.seq ?? 0) + 1,
    kind: args.kind,
    target_key: key,
    target_keys: targetKeysOf({ args, temp_id: tempId }),
    args,
    created_at: now,
    send_at: Math.max(now, definition.notBefore?.(args) ?? now),
    state: 'queued',
    attempts: 0,
    error: null,
    temp_id: tempId,
  });
  if (id === undefined) throw new Error('The outbox gave no id.');
  const followers = (await definition.queued?.(db, args, { tempId, createdAt: now })) ?? [];
  await recomputeRow(db, { args, temp_id: tempId }, now);
  for (const follower of followers) await addMutationRow(db, follower, { ...ids, clientId: `${ids.clientId}:${follower.kind}` }, now);
  return id;
}

/**
 * Rows stored before database version 4 (or by a build before it) lack `target_keys`: they get
 * them before the sender reads the outbox. Rows are few then; a no-op afterwards.
 */
export async function indexOutboxTargets(db: InboxDatabase): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const missing = await db.outbox.filter((row) => row.target_keys === undefined).toArray();
    if (missing.length === 0) return;
    await db.outbox.bulkPut(missing.map((row) => ({ ...row, target_keys: targetKeysOf(row) })));
  });
}

export async function listPendingRows(db: InboxDatabase): Promise<StoredRow[]> {
  // Two plain index reads (getAll), not anyOf's cursor walked row by row.
  const [queued, sending] = await Promise.all([db.outbox.where('state').equals('queued').toArray(), db.outbox.where('state').equals('sending').toArray()]);
  return [...queued, ...sending].filter((row): row is StoredRow => row.id !== undefined).sort((a, b) => a.seq - b.seq);
}

/**
 * Marks rows 'sending' just before their requests leave (one transaction), leaving out those that
 * must not leave: undone or settled meanwhile, or it refers to a temporary document whose creation failed (its lane sent
 * the creation first; had it succeeded, this row would name the server's id by now).
 */
export async function claimRows(db: InboxDatabase, ids: readonly number[], now: number): Promise<StoredRow[]> {
  return db.transaction('rw', outboxTables(db), async () => {
    const rows = await db.outbox.bulkGet([...ids]);
    const claimed: StoredRow[] = [];
    const marked: StoredRow[] = [];
    for (const [index, row] of rows.entries()) {
      const id = ids[index];
      // Settled, or back in backoff, since the sender looked.
      if (id === undefined || !row || row.state === 'failed' || row.send_at > now) continue;
      const ref = referredIdOf(row.args);
      if (ref !== null && isTempId(ref) && ref !== row.temp_id) {
        await db.outbox.delete(id);
        await recomputeRow(db, row, now);
        continue;
      }
      const sending: StoredRow = { ...row, id, state: 'sending' };
      claimed.push(sending);
      if (row.state !== 'sending') marked.push(sending);
    }
    if (marked.length > 0) await db.outbox.bulkPut(marked);
    return claimed;
  });
}

/**
 * 2xx: the row is gone, and the server's copies in the answer (its definition reads them) are
 * stored, its deletions applied; an answer without documents folds the change into the base. A
 * created document's server id replaces its temporary id in the rows that refer to it.
 */
export async function settleSuccess(db: InboxDatabase, row: StoredRow, body: unknown, now: number): Promise<SendSettled[]> {
  return db.transaction('rw', outboxTables(db), async () => {
    if (!(await db.outbox.get(row.id))) return [];
    await db.outbox.delete(row.id);
    const definition = definitionOf(row.args);
    const answer = definition.answer(body, row.args);
    const created = definition.creates;
    if (row.temp_id !== null && created) {
      const doc = answer?.put.find((docs) => docs.col === created)?.docs[0];
      const realId = doc ? collectionKeyOf(created, doc) : null;
      // A document created in a conversation started with it (a new conversation's first message)
      // takes the rows that refer to it into the conversation the server made.
      const from = 'conversation_id' in row.args ? row.args.conversation_id : null;
      const to = doc?.['conversation_id'];
      const moved = typeof from === 'number' && typeof to === 'number' && from !== to ? { from, to } : null;
      if (realId !== null) await rebaseTemporaryRefs(db, targetKey({ col: created, id: row.temp_id }), row.temp_id, String(realId), now, moved);
    }
    const settled: SendSettled[] = [];
    for (const { col, docs } of answer?.put ?? []) settled.push(...(await putServerDocs(db, col, docs, now)));
    for (const removed of answer?.remove ?? []) await deleteServerDoc(db, removed.col, removed.id, now);
    if (!answer && row.temp_id === null) await foldIntoBase(db, row, now);
    await recomputeRow(db, row, now);
    return settled;
  });
}

/**
 * A retryable failure: back to 'queued', not before `sendAt`. A try that never left the device
 * (offline) is not counted: the row may still be taken back unsent.
 */
export async function settleRetry(db: InboxDatabase, row: StoredRow, sendAt: number, unsent = false): Promise<void> {
  await db.outbox.update(row.id, { state: 'queued', attempts: unsent ? row.attempts : row.attempts + 1, send_at: sendAt });
}

/**
 * A permanent failure: the row is kept as 'failed' and its patch dropped. Rows that refer to the
 * document it would have created (a held reply's release, an undo) can never be sent: they go too.
 */
export async function settleFailure(db: InboxDatabase, row: StoredRow, text: string, now: number): Promise<void> {
  await db.transaction('rw', outboxTables(db), async () => {
    const updated = await db.outbox.update(row.id, { state: 'failed', error: text });
    if (updated === 0) return;
    const creates = definitionOf(row.args).creates;
    if (row.temp_id !== null && creates) {
      const created = targetKey({ col: creates, id: row.temp_id });
      const orphans = (await pendingRowsFor(db, created)).filter((other) => other.id !== row.id && referredIdOf(other.args) === row.temp_id);
      await db.outbox.bulkDelete(orphans.flatMap((other) => (other.id === undefined ? [] : [other.id])));
    }
    await recomputeRow(db, row, now);
  });
}

/** Recomputes every document the row's patch applies to. */
async function recomputeRow(db: InboxDatabase, row: Pick<OutboxRow, 'args' | 'temp_id'>, now: number): Promise<void> {
  // Started together, in the transaction's zone: a chain of native awaits would leave it.
  await Promise.all(targetKeysOf(row).map((key) => recomputeTarget(db, key, now)));
}

/** Unsent for a reason that is not the row's (the session ended): it goes again later as it is. */
export async function requeueRow(db: InboxDatabase, row: StoredRow): Promise<void> {
  await db.outbox.update(row.id, { state: 'queued' });
}

/**
 * The server saved a created document under `realId`: rows still naming the temporary id (an
 * edit, a delete, an undo queued behind it) now name the server's document.
 */
async function rebaseTemporaryRefs(
  db: InboxDatabase,
  tempKey: string,
  tempId: string,
  realId: string,
  now: number,
  moved: { from: number; to: number } | null,
): Promise<void> {
  const dependents = await pendingRowsFor(db, tempKey);
  if (dependents.length === 0) return;
  const rebased = dependents.map((dependent) => {
    const referring = withReferredId(dependent.args, tempId, realId);
    const args = moved && 'conversation_id' in referring && referring.conversation_id === moved.from ? { ...referring, conversation_id: moved.to } : referring;
    const row = { args, temp_id: dependent.temp_id };
    return { ...dependent, args, target_key: primaryTargetKey(row), target_keys: targetKeysOf(row) };
  });
  await db.outbox.bulkPut(rebased);
  for (const key of new Set(rebased.map((row) => row.target_key))) await recomputeTarget(db, key, now);
}

/**
 * A 2xx without a document: the server applied the change, so it joins the base until the
 * server's copy arrives over the stream (any copy replaces it: the base keeps its version).
 */
async function foldIntoBase(db: InboxDatabase, row: StoredRow, now: number): Promise<void> {
  const base = await db.bases.get(row.target_key);
  if (!base || base.doc === null) return;
  await db.bases.put({ ...base, doc: applyMutation(base.doc, row, now, parseTargetKey(row.target_key).col) });
}
