import { sql, type Kysely } from 'kysely';
import type { CollectionName } from '../../protocol/documents';
import type { ChangeAction, ChangeRow, Database, Db } from '../db/database';
import type { DialectName } from '../db/open-database';

/** One row of the change feed, before it is inserted with its reserved seq. */
export type FeedChange = {
  seq: number;
  orgId: number;
  col: CollectionName;
  docId: string;
  action: ChangeAction;
  /** The document as written (its `version` is `seq`), or `{id}` for a delete. */
  doc: object;
  mutationId: string | null;
  audience: number | null;
  createdAt: number;
};

/** Rows per INSERT: 9 columns each stays far below both databases' parameter limits. */
const INSERT_CHUNK = 1000;

/**
 * Reserves `count` feed positions, in increasing order. PostgreSQL takes them from the
 * identity sequence; on SQLite the caller passes the highest seq it reserved in this
 * transaction so far (the feed rows are inserted later in the same transaction).
 */
export async function reserveSeqs(trx: Kysely<Database>, dialect: DialectName, count: number, reservedSoFar: number): Promise<number[]> {
  if (count <= 0) return [];
  if (dialect === 'postgres') {
    const { rows } = await sql<{ seq: number }>`
      select nextval(pg_get_serial_sequence('changes', 'seq')) as seq from generate_series(1, ${count}::int)`.execute(trx);
    return rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
  }
  // AUTOINCREMENT keeps the highest seq ever used here, so a pruned feed never reuses one.
  const { rows } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'changes'`.execute(trx);
  const base = Math.max(Number(rows[0]?.seq ?? 0), reservedSoFar);
  return Array.from({ length: count }, (_, index) => base + index + 1);
}

/** Appends feed rows whose seqs were reserved in this transaction. */
export async function insertChanges(trx: Kysely<Database>, changes: readonly FeedChange[]): Promise<void> {
  for (let start = 0; start < changes.length; start += INSERT_CHUNK) {
    await trx
      .insertInto('changes')
      .values(
        changes.slice(start, start + INSERT_CHUNK).map((change) => ({
          seq: change.seq,
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

/** Feed rows of an organization after `after` (and up to `through`), in seq order. */
export function readChanges(db: Db, orgId: number, options: { after: number; through?: number; limit: number }): Promise<ChangeRow[]> {
  let query = db
    .selectFrom('changes')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('seq', '>', options.after)
    .orderBy('seq')
    .limit(options.limit);
  if (options.through !== undefined) query = query.where('seq', '<=', options.through);
  return query.execute();
}

/**
 * The organization's feed bounds: latest seq (0 when empty) and oldest retained seq (null when
 * empty). Two reads of one row each, from either end of `changes_org_seq_index`: one query with
 * both MIN and MAX walked every feed row of the organization on SQLite (its min/max shortcut
 * takes a single aggregate), and every socket and chat widget that connects asks this.
 */
export async function feedBounds(db: Db, orgId: number): Promise<{ latest: number; oldest: number | null }> {
  const end = (direction: 'asc' | 'desc') =>
    db.selectFrom('changes').select('seq').where('org_id', '=', orgId).orderBy('seq', direction).limit(1).executeTakeFirst();
  const [latest, oldest] = await Promise.all([end('desc'), end('asc')]);
  return { latest: latest ? Number(latest.seq) : 0, oldest: oldest ? Number(oldest.seq) : null };
}

/** Whether an agent may see a feed row: rows without audience are for the whole organization. */
export function isVisibleTo(row: Pick<ChangeRow, 'audience'>, agentId: number): boolean {
  return row.audience === null || row.audience === agentId;
}

/**
 * The socket message of a feed row: `{action, col, document, cursor, mutation_id?}`. The stored
 * doc is JSON this server wrote, so it is spliced in as text: one serialization per row however
 * many sockets receive it.
 */
export function feedMessageText(row: Pick<ChangeRow, 'action' | 'col' | 'doc' | 'seq' | 'mutation_id'>): string {
  const mutation = row.mutation_id === null ? '' : `,"mutation_id":${JSON.stringify(row.mutation_id)}`;
  return `{"action":${JSON.stringify(row.action)},"col":${JSON.stringify(row.col)},"document":${row.doc},"cursor":${Number(row.seq)}${mutation}}`;
}
