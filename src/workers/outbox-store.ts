import type { InboxDatabase } from '../client-db/inbox-database';
import type { MutationInput, OutboxRow } from '../client-db/outbox-row';
import { applyMutation, tagSlug } from './apply-mutation';
import { isTempId, lanesOf, messageRefOf, targetKey, targetKeysOf, targetOf, withMessageRef } from './mutation-target';
import { bulkResponseDocuments, responseDocument } from './mutation-request';
import { pendingRowsFor, recomputeTarget } from './recompute-visible';
import { deleteServerDoc, putServerDocs } from './server-documents';
import type { SendSettled } from './server-documents';
import { putSplitResponse, splitMovedIds } from './split-moves';

/**
 * The outbox's transactions (see OutboxRow for the row's states). Each one changes the row and
 * the visible documents together, so no mutation goes untracked and no patch outlives its row.
 * They run on the strict-durability instance of the database.
 */
export type StoredRow = OutboxRow & { id: number };
export type NewRowIds = { clientId: string; tempId: string };

const tables = (db: InboxDatabase) => [db.outbox, db.bases, db.conversations, db.messages, db.tags, db.drafts];

/**
 * Records a user action. A draft save replaces its draft's row while that row still waits (see
 * coalesceDraft); a reply or note naming the agent's draft deletes that draft in the same
 * transaction, so a crash can never leave sent words in the composer.
 */
export async function enqueueMutation(db: InboxDatabase, input: MutationInput, ids: NewRowIds, now: number): Promise<number> {
  return db.transaction('rw', tables(db), async () => {
    if (input.kind === 'draft') {
      const replaced = await coalesceDraft(db, input, ids, now);
      if (replaced !== null) return replaced;
    }
    const id = await addMutationRow(db, input, ids, now);
    if ((input.kind === 'reply' || input.kind === 'note') && input.draft_id !== undefined) {
      await deleteDraftWithSend(db, input.conversation_id, input.draft_id, ids, now);
    }
    return id;
  });
}

/**
 * Saving a draft as the agent types would add a row per keystroke. Instead, while the draft's
 * last row is still queued (not sent, not being sent) and nothing that uses this draft (a send
 * carrying it, a share of it) was queued after it, that row takes the new text: a draft is saved
 * whole, so the latest state is all the server needs. Other actions of the conversation (read,
 * tag, status…) do not depend on the draft's text, so they do not split the save. It takes a new mutation id too: a retried row may have been applied
 * under its old one, whose stored answer would be replayed instead of the new text.
 */
async function coalesceDraft(db: InboxDatabase, input: Extract<MutationInput, { kind: 'draft' }>, ids: NewRowIds, now: number): Promise<number | null> {
  const key = targetKey(targetOf(input, null));
  const rows = await pendingRowsFor(db, key);
  const last = rows.at(-1);
  if (last?.id === undefined || last.state !== 'queued' || last.args.kind !== 'draft') return null;
  const later = await db.outbox
    .where('seq')
    .above(last.seq)
    .filter((row) => row.state !== 'failed' && lanesOf(row).includes(input.conversation_id) && refersToDraft(row.args, input.draft_id))
    .count();
  if (later > 0) return null;
  await db.outbox.update(last.id, { args: input, client_id: ids.clientId, created_at: now });
  await recomputeTarget(db, key, now);
  return last.id;
}

/** Whether an outbox action depends on the draft: it sends it, or shares it. */
function refersToDraft(args: MutationInput, draftId: string): boolean {
  if (args.kind === 'reply' || args.kind === 'note' || args.kind === 'share-draft') return args.draft_id === draftId;
  return false;
}

/** The draft a reply or note was written in goes with the send: a blank save queued behind it. */
async function deleteDraftWithSend(db: InboxDatabase, conversationId: number, draftId: string, ids: NewRowIds, now: number): Promise<void> {
  const draft = await db.drafts.get(draftId);
  if (!draft) return;
  const clear: MutationInput = { kind: 'draft', conversation_id: conversationId, draft_id: draftId, agent_id: draft.agent_id, type: draft.type, message: '' };
  // The send's own mutation id, suffixed: unique as long as the send's is.
  await addMutationRow(db, clear, { ...ids, clientId: `${ids.clientId}:draft` }, now);
}

/** Adds a row and shows its patch; runs inside a transaction over `tables(db)`. */
export async function addMutationRow(db: InboxDatabase, input: MutationInput, ids: NewRowIds, now: number): Promise<number> {
  let args = input;
  if (input.kind === 'reply' && input.source === undefined) {
    // A chat conversation's replies go out at once (§4); the held copy must say so too.
    const conversation = await db.conversations.get(input.conversation_id);
    if (conversation?.channel === 'CHAT') args = { ...input, source: 'CHAT' };
  }
  if (input.kind === 'split') args = { ...input, moved_ids: await splitMovedIds(db, input) };
  const tempId = args.kind === 'reply' || args.kind === 'note' ? ids.tempId : null;
  const key = targetKey(targetOf(args, tempId));
  const last = await db.outbox.orderBy('seq').last();
  const id = await db.outbox.add({
    client_id: ids.clientId,
    seq: (last?.seq ?? 0) + 1,
    kind: args.kind,
    target_key: key,
    args,
    created_at: now,
    send_at: now,
    state: 'queued',
    attempts: 0,
    error: null,
    temp_id: tempId,
  });
  if (id === undefined) throw new Error('The outbox gave no id.');
  if (args.kind === 'tag') await showNewTag(db, args.name);
  if (args.kind === 'bulk' && 'add_tag' in args.action) await showNewTag(db, args.action.add_tag);
  await recomputeRow(db, { args, target_key: key }, now);
  return id;
}

/**
 * A tag new to this organization has no document until the server creates it: show its name
 * meanwhile. Version 0 gives way to the server's copy, whatever it says.
 */
async function showNewTag(db: InboxDatabase, name: string): Promise<void> {
  const slug = tagSlug(name);
  if (!(await db.tags.get(slug))) await db.tags.put({ slug, name: name.trim(), is_system: false, version: 0 });
}

export async function listPendingRows(db: InboxDatabase): Promise<StoredRow[]> {
  const rows = await db.outbox.where('state').anyOf('queued', 'sending').toArray();
  return rows.filter((row): row is StoredRow => row.id !== undefined);
}

/**
 * Marks a row 'sending' just before its request leaves, or says it must not leave: it was undone
 * or settled meanwhile, or it refers to a temporary message whose creation failed (its lane sent the
 * creation first; had it succeeded, this row would name the server's id by now).
 */
export async function claimRow(db: InboxDatabase, id: number, now: number): Promise<StoredRow | null> {
  return db.transaction('rw', tables(db), async () => {
    const row = await db.outbox.get(id);
    // Settled, or back in backoff, since the sender looked.
    if (!row || row.state === 'failed' || row.send_at > now) return null;
    const ref = messageRefOf(row.args);
    if (ref !== null && isTempId(ref) && ref !== row.temp_id) {
      await db.outbox.delete(id);
      await recomputeRow(db, row, now);
      return null;
    }
    if (row.state !== 'sending') await db.outbox.update(id, { state: 'sending' });
    return { ...row, id, state: 'sending' };
  });
}

/** 2xx: the row is gone, the server's answer becomes the base, the visible copy is recomputed. */
export async function settleSuccess(db: InboxDatabase, row: StoredRow, body: unknown, now: number): Promise<SendSettled[]> {
  return db.transaction('rw', tables(db), async () => {
    if (!(await db.outbox.get(row.id))) return [];
    await db.outbox.delete(row.id);
    const response = responseDocument(row, body);
    const realId = response?.col === 'messages' ? response.doc['id'] : null;
    if (row.temp_id !== null && typeof realId === 'string') await rebaseTemporaryRefs(db, row.temp_id, realId, now);
    let settled: SendSettled[] = [];
    if (response) settled = await putServerDocs(db, response.col, [response.doc], now);
    else if (row.args.kind === 'bulk') await putServerDocs(db, 'conversations', bulkResponseDocuments(body), now);
    else if (row.args.kind === 'split') await putSplitResponse(db, body, now);
    else if (row.args.kind === 'delete-note') await deleteServerDoc(db, 'messages', row.args.note_id, now);
    else if (row.args.kind === 'draft') await deleteServerDoc(db, 'drafts', row.args.draft_id, now);
    else if (row.temp_id === null) await foldIntoBase(db, row, now);
    await recomputeRow(db, row, now);
    return settled;
  });
}

/** A retryable failure: back to 'queued', not before `sendAt`. */
export async function settleRetry(db: InboxDatabase, row: StoredRow, sendAt: number): Promise<void> {
  await db.outbox.update(row.id, { state: 'queued', attempts: row.attempts + 1, send_at: sendAt });
}

/** A permanent failure: the row is kept as 'failed' and its patch dropped. */
export async function settleFailure(db: InboxDatabase, row: StoredRow, text: string, now: number): Promise<void> {
  await db.transaction('rw', tables(db), async () => {
    const updated = await db.outbox.update(row.id, { state: 'failed', error: text });
    if (updated > 0) await recomputeRow(db, row, now);
  });
}

/** Recomputes every document the row's patch applies to (several for a bulk action). */
async function recomputeRow(db: InboxDatabase, row: Pick<OutboxRow, 'args' | 'target_key'>, now: number): Promise<void> {
  // Started together, in the transaction's zone: a chain of native awaits would leave it.
  await Promise.all(targetKeysOf(row).map((key) => recomputeTarget(db, key, now)));
}

/** Unsent for a reason that is not the row's (the session ended): it goes again later as it is. */
export async function requeueRow(db: InboxDatabase, row: StoredRow): Promise<void> {
  await db.outbox.update(row.id, { state: 'queued' });
}

/**
 * The server saved a reply or note under `realId`: rows still naming the temporary id (an edit,
 * a delete, an undo queued behind it) now name the server's message.
 */
async function rebaseTemporaryRefs(db: InboxDatabase, tempId: string, realId: string, now: number): Promise<void> {
  const tempKey = targetKey({ col: 'messages', id: tempId });
  const realKey = targetKey({ col: 'messages', id: realId });
  const dependents = await pendingRowsFor(db, tempKey);
  if (dependents.length === 0) return;
  for (const dependent of dependents) {
    await db.outbox.put({ ...dependent, target_key: realKey, args: withMessageRef(dependent.args, tempId, realId) });
  }
  await recomputeTarget(db, realKey, now);
}

/**
 * A 2xx without a document: the server applied the change, so it joins the base until the
 * server's copy arrives over the stream (any copy replaces it: the base keeps its version).
 */
async function foldIntoBase(db: InboxDatabase, row: StoredRow, now: number): Promise<void> {
  const base = await db.bases.get(row.target_key);
  if (!base || base.doc === null) return;
  await db.bases.put({ ...base, doc: applyMutation(base.doc, row, now) });
}
