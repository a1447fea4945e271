import type { CollectionName } from '../protocol/documents';

/**
 * The Dexie tables of the synced collections (src/protocol/collections.ts) and of the worker's
 * own state, with their index specs by the database version that introduced or changed them.
 * openInboxDatabase declares every version from these, so a new collection is one entry here with
 * the next version number (Dexie then creates its table on open). The first field of a
 * collection's spec is its protocol key.
 */
export type TableVersions = Readonly<Record<number, string>>;

export type CollectionTable = {
  versions: TableVersions;
  /**
   * Documents the app creates optimistically under a temporary id: the field of the server's copy
   * that names that id (indexed), so the server's copy replaces the temporary one.
   */
  echo?: string;
};

export const COLLECTION_TABLES = {
  conversations: {
    versions: {
      1: 'id, status, agent_id, last_update_ts, priority, *tags',
      // The list walks its order's index a page at a time (§9 cursor paging; equal keys go by id,
      // the list's tie-break), and the contact summary reads a contact's conversations.
      3: 'id, status, agent_id, last_update_ts, *tags, [priority+last_update_ts], contact_id',
    },
  },
  messages: {
    versions: {
      1: 'id, conversation_id, [conversation_id+timestamp_ts], target_id',
      // 8: a conversation's messages are found through the compound index's first part (Dexie's
      // virtual index), so a bootstrap writes one index entry less per message.
      8: 'id, [conversation_id+timestamp_ts], target_id',
    },
    echo: 'target_id',
  },
  contacts: { versions: { 1: 'id, email' } },
  tags: { versions: { 1: 'slug' } },
  // Synced per agent (the feed's audience).
  drafts: { versions: { 2: 'id, conversation_id' } },
  snippet_categories: { versions: { 4: 'id, parent_id' } },
  snippets: { versions: { 4: 'id, shortcut' } },
  collections: { versions: { 6: 'id, parent_id, slug' } },
  articles: { versions: { 6: 'id, slug, updated_at' } },
  custom_fields: { versions: { 7: 'id, key' } },
  rules: { versions: { 12: 'id, position' } },
  business_hours: { versions: { 10: 'id' } },
  onboarding_steps: { versions: { 11: 'id' } },
} as const satisfies { [C in CollectionName]: CollectionTable };

/** The worker's own tables: base copies, the outbox, connection meta and presence (ephemeral). */
export const LOCAL_TABLES = {
  bases: { 1: 'key' },
  // 4: a tab-chosen mutation id finds its row again (a call repeated on a new leader), and a
  // document's pending rows are read through the index of every key a row targets; the waiting
  // count leaves out background rows (draft saves, read marks, releases) through [state+kind].
  outbox: { 1: '++id, state, seq, target_key', 4: '++id, state, seq, target_key, client_id, *target_keys, [state+kind]' },
  meta: { 1: 'key' },
  presence: { 2: 'key, conversation_id' },
} as const satisfies Record<string, TableVersions>;

/** Each database version with the tables it adds or changes, oldest first. */
export function schemaVersions(): [number, Record<string, string>][] {
  const tables: [string, TableVersions][] = [
    ...Object.entries(COLLECTION_TABLES).map(([name, table]): [string, TableVersions] => [name, table.versions]),
    ...Object.entries(LOCAL_TABLES),
  ];
  const byVersion = new Map<number, Record<string, string>>();
  for (const [name, versions] of tables) {
    for (const [version, spec] of Object.entries(versions)) {
      const stores = byVersion.get(Number(version)) ?? {};
      stores[name] = spec;
      byVersion.set(Number(version), stores);
    }
  }
  return [...byVersion.entries()].sort(([a], [b]) => a - b);
}

/** The echo field of a collection's optimistically created documents, if it has one. */
export function echoFieldOf(col: CollectionName): string | null {
  const table: CollectionTable = COLLECTION_TABLES[col];
  return table.echo ?? null;
}
