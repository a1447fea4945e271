import { COLLECTION_DEFINITIONS, isCollection } from '../../protocol/collections';
import type { CollectionName } from '../../protocol/documents';
import type { ServerMessage } from '../../protocol/realtime';
import { replyHoldOf } from '../../client-db/reply-hold';
import { docKeyOf } from './server-documents';
import type { StoredDoc } from '../engine/recompute-visible';

/**
 * What a socket message asks of the local database (pure). `fetch` with a target id is the answer
 * to a streamed GET: its documents are written like any others but never move the cursor.
 * `read` and `fetch` count as add (§4).
 */
export type FeedOp =
  /** `socket`: which one sent it (the writer's push sets it): the bootstrap's WRITTEN answers go there. */
  | { kind: 'reset'; socket: number }
  | { kind: 'put'; col: CollectionName; docs: StoredDoc[]; cursor: number | null; targetId: string | null }
  | { kind: 'delete'; col: CollectionName; id: string | number; cursor: number | null }
  | { kind: 'cursor'; cursor: number }
  /**
   * `windowDays`: the agent's replication window (0: keep everything); `replyHoldS`: the server's
   * reply hold in seconds (client-db/reply-hold.ts). Either is null from an older server.
   */
  | { kind: 'ready'; cursor: number | null; windowDays: number | null; replyHoldS: number | null }
  /** A bootstrap's first screen: the server's unread counts per inbox key, shown until READY. */
  | { kind: 'counts'; counts: Record<string, number> }
  /** The end of a screen worth showing: the transaction ends here, so it commits at once. `socket`: which one sent it (the writer's push sets it). */
  | { kind: 'paint'; socket: number }
  | { kind: 'done'; targetId: string; document: Record<string, unknown> }
  | { kind: 'error'; targetId: string; document: Record<string, unknown> };

export function feedOpOf(message: ServerMessage): FeedOp | null {
  const cursor = message.cursor ?? null;
  switch (message.action) {
    case 'RESET':
      return { kind: 'reset', socket: 0 };
    case 'READY': {
      const days = message.document?.['window_days'];
      return {
        kind: 'ready',
        cursor,
        windowDays: typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : null,
        replyHoldS: replyHoldOf(message.document?.['reply_hold_s']),
      };
    }
    case 'DONE':
      return message.target_id === undefined ? null : { kind: 'done', targetId: message.target_id, document: message.document ?? {} };
    case 'ERROR':
      return message.target_id === undefined ? null : { kind: 'error', targetId: message.target_id, document: message.document ?? {} };
    case 'VERSION':
      return null;
    case 'COUNTS':
      return { kind: 'counts', counts: countsOf(message.document ?? {}) };
    case 'PAINT':
      return { kind: 'paint', socket: 0 };
    case 'delete': {
      const col = message.col;
      const id = isCollection(col) && message.document ? deletedKey(col, message.document) : null;
      if (isCollection(col) && id !== null) return { kind: 'delete', col, id, cursor };
      return cursor === null ? null : { kind: 'cursor', cursor };
    }
    default: {
      const col = message.col;
      const docs = message.documents ?? (message.document ? [message.document] : []);
      if (!isCollection(col)) return cursor === null ? null : { kind: 'cursor', cursor };
      return { kind: 'put', col, docs, cursor, targetId: message.target_id ?? null };
    }
  }
}

function countsOf(document: Record<string, unknown>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(document)) if (typeof value === 'number' && Number.isFinite(value)) counts[key] = value;
  return counts;
}

function deletedKey(col: CollectionName, document: StoredDoc): string | number | null {
  // A `delete` message carries the key as `id` (DeletedDocument), whatever the collection's key field.
  const key = COLLECTION_DEFINITIONS[col].key;
  return docKeyOf(col, key in document ? document : { [key]: document['id'] });
}

export function docCount(op: FeedOp): number {
  return op.kind === 'put' ? op.docs.length : 1;
}

/** Adjacent puts into the same collection (and for the same request) become one bulk write. */
export function mergeFeedOps(ops: readonly FeedOp[]): FeedOp[] {
  const merged: FeedOp[] = [];
  for (const op of ops) {
    const previous = merged[merged.length - 1];
    if (op.kind === 'put' && previous?.kind === 'put' && previous.col === op.col && previous.targetId === op.targetId) {
      for (const doc of op.docs) previous.docs.push(doc);
      if (op.cursor !== null) previous.cursor = Math.max(previous.cursor ?? 0, op.cursor);
    } else merged.push(op.kind === 'put' ? { ...op, docs: [...op.docs] } : op);
  }
  return merged;
}
