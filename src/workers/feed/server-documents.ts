import type { BaseCopy, InboxDatabase, UnreadCountsMeta } from '../../client-db/inbox-database';
import { echoFieldOf } from '../../client-db/collection-tables';
import { COLLECTIONS, collectionKeyOf } from '../../protocol/collections';
import type { CollectionName } from '../../protocol/documents';
import { isTempId } from '../engine/mutation-target';
import { asVisible, docTable, recomputeTarget, versionOf } from '../engine/recompute-visible';
import type { StoredDoc } from '../engine/recompute-visible';

/**
 * Writing the server's documents (inside the caller's transaction). The version rule: an incoming
 * copy replaces the stored one (the base when the document has pending rows, else the visible
 * row) only if its version is at least the stored one's.
 */
export type SendSettled = { message_id: string; status: 'SENT' | 'CANCELLED' };

/** The primary key of a document, or null when it has none of the right type. */
export function docKeyOf(col: CollectionName, doc: StoredDoc): string | number | null {
  return collectionKeyOf(col, doc);
}

/** Whether any document of the collection has pending patches (a base copy): most writes find none and skip the lookup. */
async function hasBases(db: InboxDatabase, col: CollectionName): Promise<boolean> {
  return (await db.bases.where('key').startsWith(`${col}:`).first()) !== undefined;
}

/** The collections with at least one base copy (a document with pending patches), in one read. */
export async function collectionsWithBases(db: InboxDatabase): Promise<Set<string>> {
  const keys = await db.bases.toCollection().primaryKeys();
  return new Set(keys.map((key) => key.slice(0, key.indexOf(':'))));
}

/** The newest copy of each document of a batch, by key (a document the batch holds twice is written once). */
function latestByKey(col: CollectionName, docs: readonly StoredDoc[]): Map<string | number, StoredDoc> {
  const latest = new Map<string | number, StoredDoc>();
  for (const doc of docs) {
    const key = docKeyOf(col, doc);
    if (key === null) continue;
    const previous = latest.get(key);
    if (!previous || versionOf(doc) >= versionOf(previous)) latest.set(key, doc);
  }
  return latest;
}

/**
 * A bootstrap's own documents, into tables RESET emptied, for a collection without base copies
 * (see collectionsWithBases): the server sends each once, so nothing stored can be newer and the
 * stored rows are not read first (a copy changed since comes again live after READY, with a
 * higher version). The puts are issued at once, not awaited here: the caller issues the next
 * batch's behind them in the same transaction, so the database never waits on the worker's
 * cloning of the next documents (the caller awaits them all before anything else).
 */
export function putFreshServerDocs(db: InboxDatabase, col: CollectionName, docs: readonly StoredDoc[]): Promise<void> {
  const puts = [...latestByKey(col, docs).values()];
  if (puts.length === 0) return Promise.resolve();
  return docTable(db, col)
    .bulkPut(puts)
    .then(() => dropTemporaryCopies(db, col, puts));
}

/** Writes the server's copies, each only if its version is at least the stored one's (or its base's). */
export async function putServerDocs(db: InboxDatabase, col: CollectionName, docs: readonly StoredDoc[], now: number): Promise<SendSettled[]> {
  const latest = latestByKey(col, docs);
  if (latest.size === 0) return [];
  const entries = [...latest.entries()];
  const table = docTable(db, col);
  const withBases = await hasBases(db, col);
  const [current, bases] = await Promise.all([
    table.bulkGet(entries.map(([key]) => key)),
    withBases ? db.bases.bulkGet(entries.map(([key]) => `${col}:${key}`)) : Promise.resolve([]),
  ]);

  const puts: StoredDoc[] = [];
  const basePuts: BaseCopy[] = [];
  const recompute: string[] = [];
  const settled: SendSettled[] = [];
  entries.forEach(([key, doc], index) => {
    const base = bases[index];
    const previous = base ? base.doc : current[index];
    if (base) {
      if (base.doc !== null && versionOf(doc) < versionOf(base.doc)) return;
      basePuts.push({ key: `${col}:${key}`, col, doc: asVisible(doc) });
      recompute.push(`${col}:${key}`);
    } else {
      const stored = current[index];
      if (stored && versionOf(doc) < versionOf(stored)) return;
      puts.push(doc);
    }
    const change = settledChange(col, previous, doc);
    if (change) settled.push(change);
  });

  await table.bulkPut(puts);
  if (basePuts.length > 0) await db.bases.bulkPut(basePuts);
  await dropTemporaryCopies(db, col, [...puts, ...basePuts.map((base) => base.doc as unknown as StoredDoc)]);
  for (const key of recompute) await recomputeTarget(db, key, now);
  return settled;
}

/** The server's copy of a document created optimistically replaces the temporary one (§4). */
async function dropTemporaryCopies(db: InboxDatabase, col: CollectionName, docs: readonly StoredDoc[]): Promise<void> {
  const echo = echoFieldOf(col);
  if (echo === null) return;
  const temporary = docs
    .map((doc) => (doc[echo] === docKeyOf(col, doc) ? null : doc[echo]))
    .filter((id): id is string => typeof id === 'string' && isTempId(id));
  if (temporary.length > 0) await docTable(db, col).bulkDelete(temporary);
}

export async function deleteServerDoc(db: InboxDatabase, col: CollectionName, id: string | number, now: number): Promise<void> {
  const key = `${col}:${id}`;
  if (await db.bases.get(key)) {
    await db.bases.put({ key, col, doc: null });
    await recomputeTarget(db, key, now);
    return;
  }
  await docTable(db, col).delete(id);
}

/**
 * RESET: the server is about to send everything again. The document tables and what described
 * them (cursor, loaded history) are emptied; the outbox stays, and so do the bases, but their
 * server copies are forgotten too: a document the server no longer has must not come back from
 * a stale base when its row settles. Documents created optimistically show again at once;
 * patched ones when the server's copy arrives (the patches are applied to it then).
 */
export async function clearDocuments(db: InboxDatabase, now: number): Promise<void> {
  await Promise.all(COLLECTIONS.map((col) => docTable(db, col).clear()));
  await db.meta.delete('cursor');
  await db.meta.where('key').startsWith('history:').delete();
  // No unread counts from a partial copy: none are shown until the server's COUNTS arrive.
  const counts: UnreadCountsMeta = { key: 'unread-counts', counts: {} };
  await db.meta.put(counts);
  await db.bases.toCollection().modify({ doc: null });
  for (const key of await db.bases.toCollection().primaryKeys()) await recomputeTarget(db, key, now);
}

/** A held send (§4) the server's copy shows delivered or undone: the screen drops its countdown. */
function settledChange(col: CollectionName, previous: StoredDoc | null | undefined, next: StoredDoc): SendSettled | null {
  if (col !== 'messages' || !previous || previous['status'] !== 'PENDING') return null;
  const status = next['status'];
  const id = next['id'];
  if ((status === 'SENT' || status === 'CANCELLED') && typeof id === 'string') return { message_id: id, status };
  return null;
}
