import type { InboxDatabase } from '../../client-db/inbox-database';
import type { MutationInput, OutboxRow } from '../../client-db/outbox-row';
import { isMessageId } from '../../protocol/documents';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import { isTempId, targetKey } from '../engine/mutation-target';
import { heldSendUndo } from '../mutations/message-mutations';
import { definitionOf } from '../mutations/mutation-registry';
import { addMutationRow, outboxTables } from './outbox-store';
import type { NewRowIds } from './outbox-store';
import { pendingRowsFor, recomputeTarget } from '../engine/recompute-visible';

/**
 * Undo of a held send (§4), in one transaction:
 * - a temporary message whose row never left the browser: the row and the message are deleted,
 *   so the send never reaches the server;
 * - a temporary message whose row is being sent (or was tried before): the undo its creating
 *   definition names (`undoneBy`), queued behind it in its lane, so it goes once the send
 *   settles, naming the server's id by then;
 * - a saved message: the undo row, confirmed or refused by the server (the reply is marked
 *   `undo_requested_at` until then, never shown cancelled before the server says so).
 * A queued undo deletes the reply's release (the device's confirmation) while it has not left.
 * Only messages can be undone (§5): a creation without `undoneBy` (a note) cannot.
 */
export type UndoResult = { kind: 'cancelled-locally' } | { kind: 'queued'; rowId: number } | { kind: 'nothing-to-undo' };

export type UndoDeps = { now: number; ids: NewRowIds; isInFlight: (rowId: number) => boolean };

export async function undoSend(db: InboxDatabase, messageId: string, deps: UndoDeps): Promise<UndoResult> {
  if (!isMessageId(messageId) && !isTempId(messageId)) throw new Error(ERROR_TEXTS.undoNotMessage);
  return db.transaction('rw', outboxTables(db), async () => {
    if (isMessageId(messageId)) return queueUndo(db, messageId, deps);
    const key = targetKey({ col: 'messages', id: messageId });
    const rows = await pendingRowsFor(db, key);
    const creator = rows.find((row) => row.temp_id === messageId);
    if (!creator) {
      // Already saved: the server's copy names this temporary id as its target_id.
      const saved = await db.messages.where('target_id').equals(messageId).filter((message) => !isTempId(message.id)).first();
      return saved ? queueUndo(db, saved.id, deps) : { kind: 'nothing-to-undo' };
    }
    const undo = definitionOf(creator.args).undoneBy?.(messageId, creator.args);
    if (!undo) throw new Error(ERROR_TEXTS.undoNotMessage);
    const neverLeft = creator.state === 'queued' && creator.attempts === 0 && !deps.isInFlight(creator.id ?? -1);
    if (neverLeft) {
      await db.outbox.bulkDelete(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
      // Every document the rows changed (a conversation started with the reply goes with it).
      for (const target of new Set([key, ...rows.flatMap((row) => row.target_keys ?? [])])) await recomputeTarget(db, target, deps.now);
      return { kind: 'cancelled-locally' };
    }
    return queueOnce(db, rows, undo, deps);
  });
}

async function queueUndo(db: InboxDatabase, messageId: string, deps: UndoDeps): Promise<UndoResult> {
  const message = await db.messages.get(messageId);
  if (!message) throw new Error(ERROR_TEXTS.unexpected);
  if (message.type !== 'MESSAGE') throw new Error(ERROR_TEXTS.undoNotMessage);
  const rows = await pendingRowsFor(db, targetKey({ col: 'messages', id: messageId }));
  return queueOnce(db, rows, heldSendUndo(message), deps);
}

/**
 * The undo row, unless the message's pending rows hold one already; the rows an undo drops (the
 * device's release) are deleted while they have not left.
 */
async function queueOnce(db: InboxDatabase, rows: readonly OutboxRow[], undo: MutationInput, deps: UndoDeps): Promise<UndoResult> {
  const dropped = rows.filter((row) => row.id !== undefined && definitionOf(row.args).droppedByUndo && row.state === 'queued' && !deps.isInFlight(row.id));
  if (dropped.length > 0) await db.outbox.bulkDelete(dropped.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  const existing = rows.find((row) => row.kind === undo.kind);
  if (existing?.id !== undefined) return { kind: 'queued', rowId: existing.id };
  return { kind: 'queued', rowId: await addMutationRow(db, undo, deps.ids, deps.now) };
}
