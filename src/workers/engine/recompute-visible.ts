import type { Table } from 'dexie';
import type { InboxDatabase } from '../../client-db/inbox-database';
import { echoFieldOf } from '../../client-db/collection-tables';
import type { OutboxRow } from '../../client-db/outbox-row';
import { collectionKeyOf } from '../../protocol/collections';
import type { CollectionName } from '../../protocol/documents';
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

/**
 * Rows whose patch is still applied (queued or sending) to the document `key`, in seq order: the
 * rows filed under it and those whose other targets include it (a bulk action's other
 * conversations, a split's moved messages).
 */
export async function pendingRowsFor(db: InboxDatabase, key: string): Promise<OutboxRow[]> {
  // Through the index of every key a row targets (a cost that does not grow with the outbox),
  // and `target_key` for a row written before `target_keys` existed and not yet given them. Two
  // plain index reads (IndexedDB's getAll) rather than a cursor walked row by row.
  const [targeting, filed] = await Promise.all([db.outbox.where('target_keys').equals(key).toArray(), db.outbox.where('target_key').equals(key).toArray()]);
  const rows = new Map<number | undefined, OutboxRow>();
  for (const row of [...targeting, ...filed]) if (row.state === 'queued' || row.state === 'sending') rows.set(row.id, row);
  return [...rows.values()].sort((a, b) => a.seq - b.seq);
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
  for (const row of rows) doc = applyMutation(doc, row, now, target.col);
  if (typeof target.id === 'string' && isTempId(target.id) && (await hasServerCopy(db, target.col, target.id))) doc = null;
  await writeVisible(table, target.id, doc);
}

/**
 * True once the server's copy of a document created optimistically under `tempId` is stored: it
 * names the temporary id in its collection's echo field (a message's `target_id`).
 */
export async function hasServerCopy(db: InboxDatabase, col: CollectionName, tempId: string): Promise<boolean> {
  const echo = echoFieldOf(col);
  if (echo === null) return false;
  const count = await docTable(db, col)
    .where(echo)
    .equals(tempId)
    .filter((doc) => collectionKeyOf(col, doc) !== tempId)
    .count();
  return count > 0;
}

async function writeVisible(table: Table<StoredDoc, string | number>, id: string | number, doc: VisibleDoc | null): Promise<void> {
  if (doc === null) await table.delete(id);
  else await table.put(doc);
}
