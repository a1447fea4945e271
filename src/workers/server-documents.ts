import type { BaseCopy, InboxDatabase } from '../client-db/inbox-database';
import type { CollectionName } from '../protocol/documents';
import { COLLECTIONS } from '../protocol/documents';
import { isTempId } from './mutation-target';
import { asVisible, docTable, recomputeTarget, versionOf } from './recompute-visible';
import type { StoredDoc } from './recompute-visible';

/**
 * Writing the server's documents (inside the caller's transaction). The version rule: an incoming
 * copy replaces the stored one (the base when the document has pending rows, else the visible
 * row) only if its version is at least the stored one's.
 */
export type SendSettled = { message_id: string; status: 'SENT' | 'CANCELLED' };

export function isCollection(col: string | undefined): col is CollectionName {
  return (COLLECTIONS as readonly string[]).includes(col ?? '');
}

/** The primary key of a document, or null when it has none of the right type. */
export function docKeyOf(col: CollectionName, doc: StoredDoc): string | number | null {
  const key = col === 'tags' ? doc['slug'] : doc['id'];
  if (col === 'messages' || col === 'tags' || col === 'drafts') return typeof key === 'string' && key !== '' ? key : null;
  return typeof key === 'number' && Number.isFinite(key) ? key : null;
}

/** Collections whose documents take optimistic patches (and so keep a base copy meanwhile). */
function hasBases(col: CollectionName): col is BaseCopy['col'] {
  return col === 'conversations' || col === 'messages' || col === 'drafts';
}

export async function putServerDocs(
  db: InboxDatabase,
  col: CollectionName,
  docs: readonly StoredDoc[],
  now: number,
): Promise<SendSettled[]> {
  const latest = new Map<string | number, StoredDoc>();
  for (const doc of docs) {
    const key = docKeyOf(col, doc);
    if (key === null) continue;
    const previous = latest.get(key);
    if (!previous || versionOf(doc) >= versionOf(previous)) latest.set(key, doc);
  }
  if (latest.size === 0) return [];
  const entries = [...latest.entries()];
  const table = docTable(db, col);
  const [current, bases] = await Promise.all([
    table.bulkGet(entries.map(([key]) => key)),
    hasBases(col) ? db.bases.bulkGet(entries.map(([key]) => `${col}:${key}`)) : Promise.resolve([]),
  ]);

  const puts: StoredDoc[] = [];
  const basePuts: BaseCopy[] = [];
  const recompute: string[] = [];
  const settled: SendSettled[] = [];
  entries.forEach(([key, doc], index) => {
    const base = bases[index];
    const previous = base ? base.doc : current[index];
    if (base && hasBases(col)) {
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
  if (col === 'messages') {
    // The server's copy of an optimistic message replaces the temporary one (§4).
    const temporary = [...puts, ...basePuts.map((base) => base.doc as unknown as StoredDoc)]
      .map((doc) => (doc['id'] === doc['target_id'] ? null : doc['target_id']))
      .filter((id): id is string => typeof id === 'string' && isTempId(id));
    if (temporary.length > 0) await db.messages.bulkDelete(temporary);
  }
  for (const key of recompute) await recomputeTarget(db, key, now);
  return settled;
}

export async function deleteServerDoc(db: InboxDatabase, col: CollectionName, id: string | number, now: number): Promise<void> {
  if (hasBases(col)) {
    const key = `${col}:${id}`;
    if (await db.bases.get(key)) {
      await db.bases.put({ key, col, doc: null });
      await recomputeTarget(db, key, now);
      return;
    }
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
  await db.bases.toCollection().modify({ doc: null });
  for (const key of await db.bases.toCollection().primaryKeys()) await recomputeTarget(db, key, now);
}

function settledChange(col: CollectionName, previous: StoredDoc | null | undefined, next: StoredDoc): SendSettled | null {
  if (col !== 'messages' || !previous || previous['status'] !== 'PENDING') return null;
  const status = next['status'];
  const id = next['id'];
  if ((status === 'SENT' || status === 'CANCELLED') && typeof id === 'string') return { message_id: id, status };
  return null;
}
