import type { BootstrapMeta, CursorMeta, InboxDatabase, UnreadCountsMeta } from '../../client-db/inbox-database';
import { COLLECTIONS } from '../../protocol/collections';
import type { ServerMessage } from '../../protocol/realtime';
import { docCount, feedOpOf, mergeFeedOps } from './feed-ops';
import type { FeedOp } from './feed-ops';
import { replyHoldRow } from '../../client-db/reply-hold';
import { clearDocuments, collectionsWithBases, deleteServerDoc, putFreshServerDocs, putServerDocs } from './server-documents';
import type { SendSettled } from './server-documents';

/**
 * Writes what the socket brings into IndexedDB, in arrival order, into the tables of the synced
 * collections (src/protocol/collections.ts; feed-ops reads each message's collection and key). Messages that arrive while a
 * transaction runs are written together by the next one (up to `maxDocsPerTransaction`), so a
 * bootstrap of 100,000 documents is some dozens of transactions, not 100,000.
 *
 * The cursor is written in the same transaction as the documents it covers, and only moves once
 * that transaction commits: a failed write leaves neither documents nor cursor moved. During a
 * RESET bootstrap the cursor stays unset until READY, so an interrupted bootstrap starts over.
 */
export type FeedEffect =
  | { kind: 'fetched'; targetId: string; count: number }
  | { kind: 'done'; targetId: string; document: Record<string, unknown> }
  | { kind: 'error'; targetId: string; document: Record<string, unknown> }
  | { kind: 'ready'; windowDays: number | null }
  | { kind: 'settled'; settled: SendSettled };

export type FeedWriterDeps = {
  db: InboxDatabase;
  now: () => number;
  initialCursor: number | null;
  maxDocsPerTransaction?: number;
  /** After each commit, what it means for the rest of the engine. */
  onCommitted: (effects: FeedEffect[]) => void;
  /** A transaction failed: its messages and the ones queued behind it are dropped. */
  onWriteFailed: (error: unknown) => void;
  /** How long the next write waits after a screen worth showing was committed (PAINT_PAUSE_MS). */
  paintPauseMs?: number;
  /** A PAINT's screen was committed and the pause after it is over: the server may send the rest (PAINTED). `socket`: the one the PAINT came on. */
  onPainted?: (socket: number) => void;
  /**
   * A transaction that wrote documents of a bootstrap committed: `documents` of it are written in
   * all, since the RESET that came on `socket` (the server paces the rest by it: WRITTEN).
   */
  onBootstrapWritten?: (socket: number, documents: number) => void;
};

/**
 * After a PAINT's commit, the next write waits this long: the tabs' reads of what was just
 * committed start first, instead of queueing behind the bootstrap's next large transaction on the
 * same tables (IndexedDB runs a store's transactions in the order they were made). Then the
 * writer answers the PAINT (`onPainted`), and the server sends the rest of the bootstrap.
 */
export const PAINT_PAUSE_MS = 100;

export const MAX_DOCS_PER_TRANSACTION = 2_000;
/** During a bootstrap, fewer and larger transactions (nothing else is waiting to be written). */
export const MAX_BOOTSTRAP_DOCS_PER_TRANSACTION = 10_000;

export function createFeedWriter(deps: FeedWriterDeps) {
  const { db } = deps;
  const maxDocs = deps.maxDocsPerTransaction ?? MAX_DOCS_PER_TRANSACTION;
  const maxBootstrapDocs = deps.maxDocsPerTransaction ?? MAX_BOOTSTRAP_DOCS_PER_TRANSACTION;
  let queue: FeedOp[] = [];
  let cursor = deps.initialCursor;
  let bootstrapping = false;
  /** A streamed GET wrote documents since RESET: bootstrap documents are checked against stored ones again. */
  let streamedDuringBootstrap = false;
  let draining: Promise<void> | null = null;
  let stopped = false;
  /** The bootstrap under way since its RESET arrived, measured for the `bootstrap` meta row (its documents: `bootstrapWritten`). */
  let measured: Omit<BootstrapMeta, 'key' | 'ready_at' | 'documents'> | null = null;
  /** The bootstrap's own documents committed since its RESET, and the socket it came on (answered with WRITTEN). */
  let bootstrapWritten = { socket: 0, documents: 0 };

  function takeBatch(): FeedOp[] {
    let docs = 0;
    let taken = 0;
    const limit = bootstrapping ? Math.max(maxDocs, maxBootstrapDocs) : maxDocs;
    while (taken < queue.length && (taken === 0 || docs < limit)) {
      const op = queue[taken] as FeedOp;
      docs += docCount(op);
      taken += 1;
      if (op.kind === 'paint') break;
    }
    const batch = queue.slice(0, taken);
    queue = queue.slice(taken);
    return batch;
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0 && !stopped) {
        const batch = takeBatch();
        const written = await writeBatch(batch);
        const last = batch.at(-1);
        if (!written || last?.kind !== 'paint') continue;
        await new Promise((resolve) => setTimeout(resolve, deps.paintPauseMs ?? PAINT_PAUSE_MS));
        if (!stopped) deps.onPainted?.(last.socket);
      }
    } finally {
      draining = null;
    }
  }

  /** Writes a batch in one transaction; false when it failed (the queue is dropped, onWriteFailed told). */
  async function writeBatch(batch: FeedOp[]): Promise<boolean> {
    let nextCursor = cursor;
    let nextBootstrapping = bootstrapping;
    let cursorChanged = false;
    const effects: FeedEffect[] = [];
    const startedAt = deps.now();
    let readyInBatch = false;
    let nextWritten = bootstrapWritten;
    let wroteBootstrapDocs = false;
    const advance = (to: number | null) => {
      if (to === null || nextBootstrapping) return;
      nextCursor = Math.max(nextCursor ?? 0, to);
      cursorChanged = true;
    };
    try {
      await db.transaction('rw', [...COLLECTIONS.map((col) => db.table(col)), db.bases, db.outbox, db.meta], async () => {
        const now = deps.now();
        // A bootstrap's own puts, issued back to back (putFreshServerDocs); awaited before any other op.
        let fresh: Promise<void>[] = [];
        let withBases: Set<string> | null = null;
        for (const op of mergeFeedOps(batch)) {
          const bootstrapDocs = op.kind === 'put' && nextBootstrapping && op.targetId === null;
          if (bootstrapDocs) {
            nextWritten = { ...nextWritten, documents: nextWritten.documents + op.docs.length };
            wroteBootstrapDocs = true;
          }
          if (bootstrapDocs && !streamedDuringBootstrap) {
            withBases ??= await collectionsWithBases(db);
            if (!withBases.has(op.col)) {
              const written = putFreshServerDocs(db, op.col, op.docs);
              // Awaited below; a failure aborts the transaction, whichever step sees it first.
              written.catch(() => undefined);
              fresh.push(written);
              advance(op.cursor);
              continue;
            }
          }
          if (fresh.length > 0) {
            await Promise.all(fresh);
            fresh = [];
          }
          switch (op.kind) {
            case 'reset':
              nextWritten = { socket: op.socket, documents: 0 };
              await clearDocuments(db, now);
              streamedDuringBootstrap = false;
              withBases = null;
              nextCursor = null;
              nextBootstrapping = true;
              cursorChanged = true;
              break;
            case 'put': {
              if (op.targetId !== null && nextBootstrapping) streamedDuringBootstrap = true;
              const settled = await putServerDocs(db, op.col, op.docs, now);
              for (const change of settled) effects.push({ kind: 'settled', settled: change });
              if (op.targetId !== null) effects.push({ kind: 'fetched', targetId: op.targetId, count: op.docs.length });
              else advance(op.cursor);
              break;
            }
            case 'delete':
              await deleteServerDoc(db, op.col, op.id, now);
              advance(op.cursor);
              break;
            case 'cursor':
              advance(op.cursor);
              break;
            case 'ready':
              readyInBatch = nextBootstrapping;
              nextBootstrapping = false;
              if (op.cursor !== null) {
                nextCursor = op.cursor;
                cursorChanged = true;
              }
              // From now on the screens count from their own complete copy.
              await db.meta.delete('unread-counts');
              // The reply hold the device uses from now on, offline too (client-db/reply-hold.ts).
              if (op.replyHoldS !== null) await db.meta.put(replyHoldRow(op.replyHoldS));
              effects.push({ kind: 'ready', windowDays: op.windowDays });
              break;
            case 'counts': {
              const row: UnreadCountsMeta = { key: 'unread-counts', counts: op.counts };
              await db.meta.put(row);
              break;
            }
            case 'paint':
              break;
            case 'done':
            case 'error':
              effects.push(op);
              break;
          }
        }
        await Promise.all(fresh);
        if (!cursorChanged) return;
        if (nextCursor === null) await db.meta.delete('cursor');
        else {
          const row: CursorMeta = { key: 'cursor', value: nextCursor };
          await db.meta.put(row);
        }
      });
    } catch (error) {
      queue = [];
      deps.onWriteFailed(error);
      return false;
    }
    cursor = nextCursor;
    bootstrapping = nextBootstrapping;
    bootstrapWritten = nextWritten;
    deps.onCommitted(effects);
    if (wroteBootstrapDocs) deps.onBootstrapWritten?.(nextWritten.socket, nextWritten.documents);
    if (measured && (bootstrapping || readyInBatch)) {
      measured.transactions += 1;
      measured.write_ms += deps.now() - startedAt;
    }
    if (readyInBatch && measured) await recordBootstrap({ ...measured, documents: bootstrapWritten.documents });
    return true;
  }

  /** Written after READY's commit, on its own: a diagnostic, never in the way of the documents. */
  async function recordBootstrap(done: Omit<BootstrapMeta, 'key' | 'ready_at'>): Promise<void> {
    measured = null;
    const row: BootstrapMeta = { key: 'bootstrap', ...done, ready_at: deps.now() };
    await db.meta.put(row).catch(() => undefined);
  }

  return {
    /** `socket`: a number for the socket the message came on (a PAINT is answered on that socket only). */
    push(message: ServerMessage, socket = 0): void {
      if (stopped) return;
      const op = feedOpOf(message);
      if (!op) return;
      if (op.kind === 'paint' || op.kind === 'reset') op.socket = socket;
      if (op.kind === 'reset') measured = { received_at: deps.now(), transactions: 0, write_ms: 0 };
      queue.push(op);
      draining ??= Promise.resolve().then(drain);
    },
    /** The committed cursor: the feed position every stored document is up to. */
    get cursor(): number | null {
      return cursor;
    },
    async idle(): Promise<void> {
      while (draining) await draining;
    },
    stop(): void {
      stopped = true;
      queue = [];
    },
  };
}

export type FeedWriter = ReturnType<typeof createFeedWriter>;
