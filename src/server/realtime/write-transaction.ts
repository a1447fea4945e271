import { sql, type Kysely } from 'kysely';
import { documentKey, isPrivateCollection, type PrivateCollection } from '../../protocol/collections';
import type { CollectionName, Collections } from '../../protocol/documents';
import type { Clock } from '../clock';
import type { ChangeAction, Database, Db } from '../db/database';
import { lockedTransaction } from '../db/locked-transaction';
import type { DialectName } from '../db/open-database';
import { insertChanges, reservePositions, type FeedChange } from './change-feed';

/**
 * The PostgreSQL channel on which every instance hears `{org_id, seq}` of committed changes
 * (`seq`: the organization's last feed position written, changes.org_seq).
 */
export const CHANGES_CHANNEL = 'inbox_changes';

/** Told after each commit that wrote feed rows (the in-process stream hub), with the organization's last position. */
export type FeedNotifier = { committed(orgId: number, seq: number): void };

export type WriteDeps = { db: Db; dialect: DialectName; clock: Clock; feed?: FeedNotifier };

type DocumentWrite = 'insert' | 'update';

/**
 * A private collection's documents are not the whole organization's (its definition's audience
 * is 'agents'): their feed rows name an audience (ChangesTable.audience), one row per agent who
 * may see the document.
 */
function assertPublic(col: CollectionName): void {
  if (isPrivateCollection(col)) throw new Error(`${col} are private: write them with changeFor or removeFor`);
}

/**
 * One write transaction of one organization. Every document write goes through `change`,
 * `changes` or `remove`: each reserves the feed position first, lets the caller write the
 * document with that position as its `version`, then appends the feed row, all in the
 * transaction. So no write goes without its feed row and no feed row without its write.
 */
export type Write = {
  readonly trx: Kysely<Database>;
  readonly orgId: number;
  /** The transaction's time (epoch ms), from the injected clock. */
  readonly now: number;
  readonly mutationId: string | null;
  change<C extends CollectionName>(col: C, action: DocumentWrite, write: (version: number) => Promise<Collections[C]>): Promise<Collections[C]>;
  /** Many documents of one collection at once (the seed): `write` gets one version per document. */
  changes<C extends CollectionName>(
    col: C,
    action: DocumentWrite,
    count: number,
    write: (versions: number[]) => Promise<Collections[C][]>,
  ): Promise<Collections[C][]>;
  /** A deletion: the feed row carries only `{id: docId}`. */
  remove(col: CollectionName, docId: string, write: (version: number) => Promise<void>): Promise<number>;
  /**
   * A private document's write: one feed row for each agent of `audience` and none for anyone
   * else, so only they receive it (catch-up, live push). Its version is the first row's position.
   */
  changeFor<C extends PrivateCollection>(
    col: C,
    action: DocumentWrite,
    audience: readonly number[],
    write: (version: number) => Promise<Collections[C]>,
  ): Promise<Collections[C]>;
  /** A private document's deletion, told to each agent of `audience` only. */
  removeFor(col: PrivateCollection, docId: string, audience: readonly number[], write: (version: number) => Promise<void>): Promise<number>;
  /** Runs once the transaction has committed (never after a rollback). */
  afterCommit(run: () => void): void;
};

type WriteState = { write: Write; lastSeq(): number; committed: (() => void)[] };

function createWrite(trx: Kysely<Database>, orgId: number, mutationId: string | null, now: number): WriteState {
  let lastSeq = 0;
  const committed: (() => void)[] = [];
  // The organization's own counter (issue 34): other organizations' writes leave no gap in it.
  const reserve = (count: number) => reservePositions(trx, orgId, count);
  const append = async (seqs: number[], action: ChangeAction, docs: { col: CollectionName; docId: string; doc: object; audience?: number }[]) => {
    const changes: FeedChange[] = docs.map(({ col, docId, doc, audience }, index) => ({
      orgSeq: seqs[index] ?? 0,
      orgId,
      col,
      docId,
      action,
      doc,
      mutationId,
      audience: audience ?? null,
      createdAt: now,
    }));
    await insertChanges(trx, changes);
    lastSeq = Math.max(lastSeq, seqs.at(-1) ?? 0);
  };
  const checkVersions = (docs: readonly { version: number }[], seqs: readonly number[]) => {
    if (docs.length !== seqs.length || docs.some((doc, index) => doc.version !== seqs[index])) {
      throw new Error('A document was written without the version reserved for it');
    }
  };
  const audienceOf = (agents: readonly number[]) => {
    const unique = [...new Set(agents)];
    if (unique.length === 0) throw new Error('A private document needs an audience');
    return unique;
  };

  const write: Write = {
    trx,
    orgId,
    now,
    mutationId,
    async change(col, action, writeDocument) {
      assertPublic(col);
      const seqs = await reserve(1);
      const doc = await writeDocument(seqs[0] ?? 0);
      checkVersions([doc], seqs);
      await append(seqs, action, [{ col, docId: documentKey(col, doc), doc }]);
      return doc;
    },
    async changes(col, action, count, writeDocuments) {
      assertPublic(col);
      const seqs = await reserve(count);
      const docs = await writeDocuments(seqs);
      checkVersions(docs, seqs);
      await append(seqs, action, docs.map((doc) => ({ col, docId: documentKey(col, doc), doc })));
      return docs;
    },
    async remove(col, docId, removeDocument) {
      assertPublic(col);
      const seqs = await reserve(1);
      const seq = seqs[0] ?? 0;
      await removeDocument(seq);
      await append(seqs, 'delete', [{ col, docId, doc: { id: docId } }]);
      return seq;
    },
    async changeFor(col, action, agents, writeDocument) {
      const audience = audienceOf(agents);
      const seqs = await reserve(audience.length);
      const doc = await writeDocument(seqs[0] ?? 0);
      checkVersions([doc], seqs.slice(0, 1));
      const docId = documentKey(col, doc);
      await append(seqs, action, audience.map((agent) => ({ col, docId, doc, audience: agent })));
      return doc;
    },
    async removeFor(col, docId, agents, removeDocument) {
      const audience = audienceOf(agents);
      const seqs = await reserve(audience.length);
      const seq = seqs[0] ?? 0;
      await removeDocument(seq);
      await append(seqs, 'delete', audience.map((agent) => ({ col, docId, doc: { id: docId }, audience: agent })));
      return seq;
    },
    afterCommit(run) {
      committed.push(run);
    },
  };
  return { write, lastSeq: () => lastSeq, committed };
}

/**
 * Runs `run` in the organization's write transaction (see lockedTransaction), which also
 * serializes the reservations of its feed positions. After the commit the in-process hub hears
 * of the last position written; on PostgreSQL every instance does, through
 * NOTIFY, which PostgreSQL delivers only if the transaction commits.
 */
export async function runWrite<T>(
  deps: WriteDeps,
  scope: { orgId: number; mutationId?: string | null },
  run: (write: Write) => Promise<T>,
): Promise<T> {
  const { orgId } = scope;
  let state: WriteState | undefined;
  const result = await lockedTransaction(deps.db, deps.dialect, orgId, async (trx) => {
    state = createWrite(trx, orgId, scope.mutationId ?? null, deps.clock());
    const value = await run(state.write);
    const lastSeq = state.lastSeq();
    if (lastSeq > 0 && deps.dialect === 'postgres') {
      await sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ org_id: orgId, seq: lastSeq })})`.execute(trx);
    }
    return value;
  });
  const lastSeq = state?.lastSeq() ?? 0;
  if (lastSeq > 0) deps.feed?.committed(orgId, lastSeq);
  for (const committed of state?.committed ?? []) committed();
  return result;
}
