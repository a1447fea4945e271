import type { Table } from 'dexie';
import type { InboxDatabase } from '../client-db/inbox-database';
import type { OutboxRow } from '../client-db/outbox-row';
import type { CollectionName } from '../protocol/documents';
import { applyMutation } from './apply-mutation';
import type { VisibleDoc } from './apply-mutation';
import { isTempId, parseTargetKey } from './mutation-target';

/**
 * Dexie helpers that run inside the caller's transaction. A document with pending rows has its
 * server copy in `bases`; its row in the document table is the visible copy, always
 * base + pending rows. A document without pending rows has no base: its row is the server copy.
 */
export type StoredDoc = Record<string, unknown>;

export function docTable(db: InboxDatabase, col: CollectionName): Table<StoredDoc, string | number> {
  return db.table<StoredDoc, string | number>(col);
}

/** Documents come from our own server and are trusted as typed once their key is checked. */
export function asVisible(doc: StoredDoc): VisibleDoc {
  return doc as unknown as VisibleDoc;
}

export function versionOf(doc: StoredDoc | VisibleDoc | null | undefined): number {
  const version = (doc as StoredDoc | null | undefined)?.['version'];
  return typeof version === 'number' ? version : 0;
}

/** Rows whose patch is still applied (queued or sending), in seq order. */
export async function pendingRowsFor(db: InboxDatabase, key: string): Promise<OutboxRow[]> {
  const target = parseTargetKey(key);
  if (target.col === 'conversations') {
    // A bulk action is indexed under its first conversation only: find it for the others too.
    const id = Number(target.id);
    return db.outbox
      .where('state')
      .anyOf('queued', 'sending')
      .filter((row) => row.target_key === key || (row.args.kind === 'bulk' && row.args.conversation_ids.includes(id)))
      .sortBy('seq');
  }
  const direct = db.outbox
    .where('target_key')
    .equals(key)
    .filter((row) => row.state !== 'failed')
    .sortBy('seq');
  if (target.col !== 'messages') return direct;
  // A split is indexed under its conversation: find it for each message it moves too.
  const messageId = String(target.id);
  const [own, splits] = await Promise.all([
    direct,
    db.outbox
      .where('state')
      .anyOf('queued', 'sending')
      .filter((row) => row.args.kind === 'split' && (row.args.moved_ids ?? []).includes(messageId))
      .toArray(),
  ]);
  return splits.length === 0 ? own : [...own, ...splits].sort((a, b) => a.seq - b.seq);
}

export async function recomputeTarget(db: InboxDatabase, key: string, now: number): Promise<void> {
  const target = parseTargetKey(key);
  const table = docTable(db, target.col);
  const [base, rows] = await Promise.all([db.bases.get(key), pendingRowsFor(db, key)]);
  if (rows.length === 0) {
    if (!base) return;
    await db.bases.delete(key);
    await writeVisible(table, target.id, base.doc);
    return;
  }
  let doc: VisibleDoc | null;
  if (base) doc = base.doc;
  else {
    // The first pending row of a document: its current row is the server copy.
    const current = await table.get(target.id);
    doc = current ? asVisible(current) : null;
    await db.bases.put({ key, col: target.col, doc });
  }
  for (const row of rows) doc = applyMutation(doc, row, now);
  if (target.col === 'messages' && typeof target.id === 'string' && isTempId(target.id)) {
    if (await hasServerCopy(db, target.id)) doc = null;
  }
  await writeVisible(table, target.id, doc);
}

/** True once the server's message for an optimistic one (same target_id) is stored. */
export async function hasServerCopy(db: InboxDatabase, tempId: string): Promise<boolean> {
  const count = await db.messages
    .where('target_id')
    .equals(tempId)
    .filter((message) => message.id !== tempId)
    .count();
  return count > 0;
}

async function writeVisible(table: Table<StoredDoc, string | number>, id: string | number, doc: VisibleDoc | null): Promise<void> {
  if (doc === null) await table.delete(id);
  else await table.put(doc);
}
