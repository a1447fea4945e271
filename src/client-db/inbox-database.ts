import { Dexie, type EntityTable, type Table } from 'dexie';
import type { Contact, Conversation, Draft, Message, Tag } from '../protocol/documents';
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

export type BaseCopy = { key: string; col: 'conversations' | 'messages' | 'drafts'; doc: Conversation | LocalMessage | Draft | null };

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
export type MetaRow = ConnectionMeta | CursorMeta | HistoryMeta;

export type InboxDatabase = Dexie & {
  conversations: EntityTable<Conversation, 'id'>;
  messages: EntityTable<LocalMessage, 'id'>;
  contacts: EntityTable<Contact, 'id'>;
  tags: EntityTable<Tag, 'slug'>;
  drafts: EntityTable<Draft, 'id'>;
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
  db.version(1).stores({
    conversations: 'id, status, agent_id, last_update_ts, priority, *tags',
    messages: 'id, conversation_id, [conversation_id+timestamp_ts], target_id',
    contacts: 'id, email',
    tags: 'slug',
    bases: 'key',
    outbox: '++id, state, seq, target_key',
    meta: 'key',
  });
  // Additive: drafts (synced per agent) and presence (ephemeral, filled from the socket).
  db.version(2).stores({
    drafts: 'id, conversation_id',
    presence: 'key, conversation_id',
  });
  // The list walks its order's index a page at a time (§9 cursor paging; equal keys go by id,
  // the list's tie-break), and the contact summary reads a contact's conversations.
  db.version(3).stores({
    conversations: 'id, status, agent_id, last_update_ts, *tags, [priority+last_update_ts], contact_id',
  });
  return db;
}
