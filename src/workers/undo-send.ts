import type { InboxDatabase } from '../client-db/inbox-database';
import { isMessageId } from '../protocol/documents';
import { ERROR_TEXTS } from '../protocol/error-texts';
import { isTempId, targetKey } from './mutation-target';
import { addMutationRow } from './outbox-store';
import type { NewRowIds } from './outbox-store';
import { pendingRowsFor, recomputeTarget } from './recompute-visible';

/**
 * Undo of a held send (§4), in one transaction:
 * - a temporary reply whose row never left the browser: the row and the message are deleted, so
 *   the send never reaches the server;
 * - a temporary reply whose row is being sent (or was tried before): an 'undo' row queued behind
 *   it in its lane, so it goes once the send settles, naming the server's id by then;
 * - a saved message: an 'undo' row (optimistically CANCELLED), confirmed or refused by the server.
 * Only messages can be undone (§5).
 */
export type UndoResult = { kind: 'cancelled-locally' } | { kind: 'queued'; rowId: number } | { kind: 'nothing-to-undo' };

export type UndoDeps = { now: number; ids: NewRowIds; isInFlight: (rowId: number) => boolean };

export async function undoSend(db: InboxDatabase, messageId: string, deps: UndoDeps): Promise<UndoResult> {
  if (!isMessageId(messageId) && !isTempId(messageId)) throw new Error(ERROR_TEXTS.undoNotMessage);
  return db.transaction('rw', [db.outbox, db.bases, db.conversations, db.messages], async () => {
    if (isMessageId(messageId)) return queueUndo(db, messageId, deps);
    const key = targetKey({ col: 'messages', id: messageId });
    const rows = await pendingRowsFor(db, key);
    const creator = rows.find((row) => row.temp_id === messageId);
    if (!creator) {
      // Already saved: the server's copy names this temporary id as its target_id.
      const saved = await db.messages.where('target_id').equals(messageId).filter((message) => !isTempId(message.id)).first();
      return saved ? queueUndo(db, saved.id, deps) : { kind: 'nothing-to-undo' };
    }
    if (creator.args.kind !== 'reply') throw new Error(ERROR_TEXTS.undoNotMessage);
    const neverLeft = creator.state === 'queued' && creator.attempts === 0 && !deps.isInFlight(creator.id ?? -1);
    if (neverLeft) {
      await db.outbox.bulkDelete(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
      await recomputeTarget(db, key, deps.now);
      return { kind: 'cancelled-locally' };
    }
    const existing = rows.find((row) => row.kind === 'undo');
    if (existing?.id !== undefined) return { kind: 'queued', rowId: existing.id };
    const rowId = await addMutationRow(db, { kind: 'undo', conversation_id: creator.args.conversation_id, message_id: messageId }, deps.ids, deps.now);
    return { kind: 'queued', rowId };
  });
}

async function queueUndo(db: InboxDatabase, messageId: string, deps: UndoDeps): Promise<UndoResult> {
  const message = await db.messages.get(messageId);
  if (!message) throw new Error(ERROR_TEXTS.unexpected);
  if (message.type !== 'MESSAGE') throw new Error(ERROR_TEXTS.undoNotMessage);
  const key = targetKey({ col: 'messages', id: messageId });
  const existing = (await pendingRowsFor(db, key)).find((row) => row.kind === 'undo');
  if (existing?.id !== undefined) return { kind: 'queued', rowId: existing.id };
  const rowId = await addMutationRow(db, { kind: 'undo', conversation_id: message.conversation_id, message_id: messageId }, deps.ids, deps.now);
  return { kind: 'queued', rowId };
}
