import type { LocalDocument } from '../../client-db/inbox-database';
import type { OutboxRow } from '../../client-db/outbox-row';
import { collectionKeyOf } from '../../protocol/collections';
import type { CollectionName } from '../../protocol/documents';
import type { Patch } from '../mutations/mutation-definition';
import { definitionOf, targetsOf } from '../mutations/mutation-registry';

/**
 * The optimistic patches (pure). The visible document is the server's copy (the base) with every
 * pending row applied in seq order: `rows.reduce((doc, row) => applyMutation(doc, row, now, col), base)`.
 * Rolling a row back is recomputing without it, so a rollback never writes stale values over a
 * newer base. Each row's change is its definition's patch for the document's collection.
 */
export type VisibleDoc = LocalDocument;
export type PatchRow = Pick<OutboxRow, 'args' | 'created_at' | 'temp_id'> & { id?: number };

/**
 * `col` is the document's collection; by default the collection of the row's first target. A
 * document that is not of that collection counts as missing, and a collection the definition
 * does not patch is left as it is.
 */
export function applyMutation(doc: VisibleDoc | null, row: PatchRow, now: number, col?: CollectionName): VisibleDoc | null {
  const into = col ?? targetsOf(row)[0]?.col;
  if (into === undefined) return doc;
  const patch = definitionOf(row.args).patch[into] as Patch<CollectionName, PatchRow['args']> | undefined;
  if (!patch) return doc;
  const current = doc !== null && collectionKeyOf(into, doc) !== null ? doc : null;
  return patch(current, row.args, { createdAt: row.created_at, tempId: row.temp_id, rowId: row.id, now });
}
