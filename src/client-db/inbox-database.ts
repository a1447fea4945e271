import { Dexie, type EntityTable, type Table } from 'dexie';
import type { COLLECTION_DEFINITIONS } from '../protocol/collections';
import type { CollectionName, Collections, Message } from '../protocol/documents';
import { schemaVersions } from './collection-tables';
import type { OutboxRow } from './outbox-row';

/**
 * The organization's local database (one IndexedDB database per domain slug). The SharedWorker
 * is its only writer; screens read it through live queries.
 *
 * The document tables hold what the screen shows: the server's copy with the pending optimistic
 * patches applied. `bases` keeps the server's own copy of each document that has pending patches,
 * so that a rollback recomputes from it and never writes stale values over newer server data.
 */
export type LocalMessage = Message & {
  /** Set on an optimistic message not yet saved by the server: its outbox row. */
  outbox_id?: number;
  /** Flagged while its deletion animates out (§4), then dropped. */
  is_removed?: boolean;
  /** A held reply this device will confirm at the end of its delay (its `release` is queued). */
  release_pending?: boolean;
  /**
   * A held reply whose undo is queued and not yet answered (epoch ms of the Undo): until the
   * server confirms it, the reply may still be sent.
   */
  undo_requested_at?: number;
};

/**
 * Who is here right now (§4 presence): agents and contacts that are live, which conversation an
 * agent views and whether it is writing a reply there. Ephemeral: the worker clears the table
 * when its socket (re)connects and fills it from the socket's presence messages.
 */
export type PresenceRow = {
  /** `agent:<id>` or `contact:<id>`. */
  key: string;
  kind: 'agent' | 'contact';
  id: number;
  live: boolean;
  /** The conversation an agent views (one at a time), or null. */
  conversation_id: number | null;
  /** The agent is writing a reply in `conversation_id`. */
  typing: boolean;
  updated_at: number;
};

/** The documents as the local tables hold them: the server's, and optimistic ones. */
export type LocalDocuments = Omit<Collections, 'messages'> & { messages: LocalMessage };
export type LocalDocument = LocalDocuments[CollectionName];

/** The server's copy of a document with pending patches (null: the server has none). */
export type BaseCopy = { key: string; col: CollectionName; doc: LocalDocument | null };

export type ConnectionMeta = {
  key: 'connection';
  state: 'closed' | 'connecting' | 'open' | 'closing';
  online: boolean;
  /** True once READY arrived on the current socket: the local data is caught up. */
  ready: boolean;
  retry: number;
  updated_at: number;
};
export type CursorMeta = { key: 'cursor'; value: number };
/** Per conversation: how far back its messages are loaded, and whether older ones exist. */
export type HistoryMeta = { key: `history:${number}`; has_more: boolean };
/**
 * While a bootstrap runs (between RESET and READY), the server's unread counts per inbox key
 * (`default` and each custom inbox): the local copy is not complete enough to count yet.
 */
export type UnreadCountsMeta = { key: 'unread-counts'; counts: Record<string, number> };
/**
 * A conversation fetched when opened (it was outside the replication window): kept, offline too,
 * for a window's length after `at` (epoch ms of the fetch).
 */
export type CachedMeta = { key: `cached:${number}`; at: number };
/**
 * The device's last full bootstrap (RESET → READY), for diagnostics and `npm run bench`: when its
 * first message reached the worker and when READY's transaction committed (epoch ms), how many
 * documents it wrote, in how many transactions, and the time spent inside them.
 */
export type BootstrapMeta = { key: 'bootstrap'; received_at: number; ready_at: number; documents: number; transactions: number; write_ms: number };
/**
 * The server's reply hold (its REPLY_HOLD_S, in seconds), as the last READY said it: the device
 * holds its optimistic replies as long, offline too. Absent until the device has heard one
 * (src/client-db/reply-hold.ts).
 */
export type ReplyHoldMeta = { key: 'reply-hold'; seconds: number };
export type MetaRow = ConnectionMeta | CursorMeta | HistoryMeta | UnreadCountsMeta | CachedMeta | BootstrapMeta | ReplyHoldMeta;

/** One table per synced collection, keyed as its definition says. */
type CollectionTables = {
  [C in CollectionName]: EntityTable<LocalDocuments[C], (typeof COLLECTION_DEFINITIONS)[C]['key'] & keyof LocalDocuments[C]>;
};

export type InboxDatabase = Dexie &
  CollectionTables & {
  presence: EntityTable<PresenceRow, 'key'>;
  bases: EntityTable<BaseCopy, 'key'>;
  outbox: EntityTable<OutboxRow, 'id'>;
  /** A plain Table: Dexie's EntityTable insert type does not accept a union of row shapes. */
  meta: Table<MetaRow, MetaRow['key']>;
};

export function inboxDatabaseName(slug: string): string {
  return `inbox-${slug}`;
}

export type OpenInboxDatabaseOptions = {
  /**
   * 'strict' makes each committed transaction reach the disk before it reports success (Chrome
   * otherwise acknowledges once the OS has the data). The worker opens a second, strict instance
   * of the same database for outbox transactions, so that an acknowledged action survives a crash
   * or power loss, while bulk document writes keep the faster default.
   */
  durability?: 'default' | 'strict' | 'relaxed';
};

export function openInboxDatabase(slug: string, options: OpenInboxDatabaseOptions = {}): InboxDatabase {
  const durability = options.durability ?? 'default';
  const db = new Dexie(inboxDatabaseName(slug), { chromeTransactionDurability: durability }) as InboxDatabase;
  // Version 1: the first collections and the worker's tables; 2: drafts and presence; 3: the
  // conversation list's indexes; 4: the outbox's mutation id and target keys (see collection-tables.ts).
  for (const [version, stores] of schemaVersions()) db.version(version).stores(stores);
  return db;
}
