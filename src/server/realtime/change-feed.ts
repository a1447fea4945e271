import type { Kysely } from 'kysely';
import type { CollectionName } from '../../protocol/documents';
import type { ChangeAction, ChangeRow, Database, Db } from '../db/database';

/** One row of the change feed, before it is inserted with its reserved position. */
export type FeedChange = {
  /** The organization's feed position (changes.org_seq), reserved by reservePositions. */
  orgSeq: number;
  orgId: number;
  col: CollectionName;
  docId: string;
  action: ChangeAction;
  /** The document as written (its `version` is `orgSeq`), or `{id}` for a delete. */
  doc: object;
  mutationId: string | null;
  audience: number | null;
  createdAt: number;
};

/** Rows per INSERT: 9 columns each stays far below both databases' parameter limits. */
const INSERT_CHUNK = 1000;

/**
 * Reserves the organization's next `count` feed positions, in increasing order, from its own
 * counter (organizations.feed_seq): another organization's writes never move it (issue 34).
 * The caller holds the organization's write lock (lockedTransaction), so positions commit in
 * order, and a rollback returns them: the feed has no gaps.
 */
export async function reservePositions(trx: Kysely<Database>, orgId: number, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const row = await trx
    .updateTable('organizations')
    .set((eb) => ({ feed_seq: eb('feed_seq', '+', count) }))
    .where('id', '=', orgId)
    .returning('feed_seq')
    .executeTakeFirst();
  if (!row) throw new Error(`No organization ${orgId} to write the feed of`);
  const last = Number(row.feed_seq);
  return Array.from({ length: count }, (_, index) => last - count + index + 1);
}

/** Appends feed rows whose positions were reserved in this transaction (seq is the database's). */
export async function insertChanges(trx: Kysely<Database>, changes: readonly FeedChange[]): Promise<void> {
  for (let start = 0; start < changes.length; start += INSERT_CHUNK) {
    await trx
      .insertInto('changes')
      .values(
        changes.slice(start, start + INSERT_CHUNK).map((change) => ({
          org_seq: change.orgSeq,
          org_id: change.orgId,
          col: change.col,
          doc_id: change.docId,
          action: change.action,
          doc: JSON.stringify(change.doc),
          mutation_id: change.mutationId,
          audience: change.audience,
          created_at: change.createdAt,
        })),
      )
      .execute();
  }
}

/** Feed rows of an organization after position `after` (and up to `through`), in position order. */
export function readChanges(db: Db, orgId: number, options: { after: number; through?: number; limit: number }): Promise<ChangeRow[]> {
  let query = db
    .selectFrom('changes')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('org_seq', '>', options.after)
    .orderBy('org_seq')
    .limit(options.limit);
  if (options.through !== undefined) query = query.where('org_seq', '<=', options.through);
  return query.execute();
}

/**
 * The organization's feed bounds: latest position (0 when empty) and oldest retained position
 * (null when empty). Two reads of one row each, from either end of `changes_org_position_unique`: one query with
 * both MIN and MAX walked every feed row of the organization on SQLite (its min/max shortcut
 * takes a single aggregate), and every socket and chat widget that connects asks this.
 */
export async function feedBounds(db: Db, orgId: number): Promise<{ latest: number; oldest: number | null }> {
  const end = (direction: 'asc' | 'desc') =>
    db.selectFrom('changes').select('org_seq').where('org_id', '=', orgId).orderBy('org_seq', direction).limit(1).executeTakeFirst();
  const [latest, oldest] = await Promise.all([end('desc'), end('asc')]);
  return { latest: latest ? Number(latest.org_seq) : 0, oldest: oldest ? Number(oldest.org_seq) : null };
}

/** Whether an agent may see a feed row: rows without audience are for the whole organization. */
export function isVisibleTo(row: Pick<ChangeRow, 'audience'>, agentId: number): boolean {
  return row.audience === null || row.audience === agentId;
}

/**
 * The socket message of a feed row: `{action, col, document, cursor, mutation_id?}` (the cursor
 * is the row's position in its organization's feed, org_seq). The stored
 * doc is JSON this server wrote, so it is spliced in as text: one serialization per row however
 * many sockets receive it.
 */
export function feedMessageText(row: Pick<ChangeRow, 'action' | 'col' | 'doc' | 'org_seq' | 'mutation_id'>): string {
  const mutation = row.mutation_id === null ? '' : `,"mutation_id":${JSON.stringify(row.mutation_id)}`;
  return `{"action":${JSON.stringify(row.action)},"col":${JSON.stringify(row.col)},"document":${row.doc},"cursor":${Number(row.org_seq)}${mutation}}`;
}
