import { COLLECTIONS } from '../../protocol/collections';
import type { CollectionName, Collections } from '../../protocol/documents';
import type { Db } from '../db/database';
import type { DialectName } from '../db/open-database';

export type DocumentBatch = { [C in CollectionName]: { col: C; documents: Collections[C][] } }[CollectionName];

/** What a bootstrap has sent so far, so that nothing goes twice. */
export type SentSoFar = {
  conversations: Set<number>;
  contacts: Set<number>;
  /** Conversations whose messages went out already (the open one). */
  messagesOf: Set<number>;
  tags: boolean;
};

export function nothingSent(): SentSoFar {
  return { conversations: new Set(), contacts: new Set(), messagesOf: new Set(), tags: false };
}

/** A frame of a bootstrap: documents, or the first screen's COUNTS and PAINT (protocol/realtime.ts). */
export type BootstrapFrame =
  | ({ action: 'fetch' } & DocumentBatch)
  /** Messages as the database wrote their JSON (message-json.ts), sent without parsing them. */
  | { action: 'fetch'; col: 'messages'; documentsJson: string[] }
  | { action: 'COUNTS'; document: Record<string, number> }
  | { action: 'PAINT' };

/** The text of a frame on the socket. */
export function bootstrapFrameText(frame: BootstrapFrame): string {
  if (!('documentsJson' in frame)) return JSON.stringify(frame);
  return `{"action":"fetch","col":"messages","documents":[${frame.documentsJson.join(',')}]}`;
}

/**
 * Who asks, how many documents a page holds, what went out already (skip it), and the start of
 * the agent's replication window for closed conversations (null: all).
 */
export type BootstrapReader = { db: Db; dialect: DialectName; orgId: number; agentId: number; size: number; sent: SentSoFar; closedSince: number | null };

/** A synced collection's documents that the reader may see (its definition's audience, see src/protocol/collections.ts), a page at a time. */
export type CollectionReader = (reader: BootstrapReader) => AsyncGenerator<BootstrapFrame>;

/**
 * Messages travel with their conversation (the conversations reader sends each thread whole), so
 * every other synced collection has a reader; the domains supply them (server-modules.ts).
 */
export type BootstrapCollection = Exclude<CollectionName, 'messages'>;
export type CollectionReaders = { [C in BootstrapCollection]: CollectionReader };

/** Pages of rows by key, `size` at a time, until a short page. */
export async function* keyed<R, K, D>(page: (after: K) => Promise<R[]>, first: K, key: (row: R) => K, convert: (row: R) => D, size: number) {
  let after = first;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows.map(convert);
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = key(last);
  }
}

/** Each page of a collection's documents as one frame. */
export async function* documentFrames<C extends CollectionName>(col: C, pages: AsyncIterable<Collections[C][]>): AsyncGenerator<BootstrapFrame> {
  for await (const documents of pages) {
    if (documents.length > 0) yield { action: 'fetch', col, documents } as BootstrapFrame;
  }
}

/**
 * The rest of a bootstrap after the first screen (first-screen.ts), skipping what `sent` holds:
 * the conversations first (open and waiting ones newest first, each page with its new contacts
 * and its messages, then closed ones the same way, within the replication window), then the other
 * collections in their declared order. Pages by key, so a large organization is never held in
 * memory at once (only the ids sent, to skip them).
 */
export async function* organizationDocuments(
  readers: CollectionReaders,
  db: Db,
  dialect: DialectName,
  orgId: number,
  agentId: number,
  size: number,
  sent: SentSoFar = nothingSent(),
  closedSince: number | null = null,
): AsyncGenerator<BootstrapFrame> {
  const reader: BootstrapReader = { db, dialect, orgId, agentId, size, sent, closedSince };
  yield* readers.conversations(reader);
  for (const col of COLLECTIONS) if (col !== 'conversations' && col !== 'messages') yield* readers[col](reader);
}
