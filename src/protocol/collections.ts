import type { CollectionName } from './documents';

/**
 * The synced collections, declared once for the server's change feed and the client's database
 * (see docs/architecture.md, "Registries"). A new collection is one entry here, its Dexie indexes
 * (src/client-db/collection-tables.ts), its bootstrap reader in its server module's `readers`
 * (src/server/<domain>/<domain>-module.ts) and a migration.
 */
export type CollectionDefinition = {
  /** The field that keys a document: the feed's `doc_id`, the Dexie primary key. */
  key: 'id' | 'slug';
  keyType: 'number' | 'string';
  /**
   * Who receives its feed rows: the whole organization (one row, no audience), or only the agents
   * each write names (one row per agent, `changes.audience`; written with changeFor/removeFor).
   */
  audience: 'organization' | 'agents';
};

/** In bootstrap order: what a list points at (contacts, tags) before the lists themselves. */
export const COLLECTION_DEFINITIONS = {
  contacts: { key: 'id', keyType: 'number', audience: 'organization' },
  tags: { key: 'slug', keyType: 'string', audience: 'organization' },
  conversations: { key: 'id', keyType: 'number', audience: 'organization' },
  messages: { key: 'id', keyType: 'string', audience: 'organization' },
  /** Private: a draft reaches only its writer and the teammates it is shared with. */
  drafts: { key: 'id', keyType: 'string', audience: 'agents' },
  /** The snippet library: ids chosen by the client, so it can be edited offline. */
  snippet_categories: { key: 'id', keyType: 'string', audience: 'organization' },
  snippets: { key: 'id', keyType: 'string', audience: 'organization' },
  /** The knowledge base (§4: collections and articles insert, update, delete arrive live). */
  collections: { key: 'id', keyType: 'string', audience: 'organization' },
  articles: { key: 'id', keyType: 'string', audience: 'organization' },
  /** Custom data fields: ids chosen by the client, like snippets. */
  custom_fields: { key: 'id', keyType: 'string', audience: 'organization' },
  /** The organization's rules: ids chosen by the client, like snippets. */
  rules: { key: 'id', keyType: 'string', audience: 'organization' },
  /** Business hours: one document per organization, id `hours`. */
  business_hours: { key: 'id', keyType: 'string', audience: 'organization' },
  /** The onboarding checklist: one document per recorded step, keyed by the step's name. */
  onboarding_steps: { key: 'id', keyType: 'string', audience: 'organization' },
} as const satisfies { [C in CollectionName]: CollectionDefinition };

type Definitions = typeof COLLECTION_DEFINITIONS;

export const COLLECTIONS = Object.keys(COLLECTION_DEFINITIONS) as CollectionName[];

/** Collections whose feed rows name their audience. */
export type PrivateCollection = { [C in CollectionName]: Definitions[C]['audience'] extends 'agents' ? C : never }[CollectionName];

export function isCollection(col: string | undefined): col is CollectionName {
  return col !== undefined && Object.hasOwn(COLLECTION_DEFINITIONS, col);
}

export function isPrivateCollection(col: CollectionName): col is PrivateCollection {
  return COLLECTION_DEFINITIONS[col].audience === 'agents';
}

/** The key of a document of `col`, or null when it has none of the collection's key type. */
export function collectionKeyOf(col: CollectionName, doc: Record<string, unknown>): string | number | null {
  const { key, keyType } = COLLECTION_DEFINITIONS[col];
  const value = doc[key];
  if (keyType === 'string') return typeof value === 'string' && value !== '' ? value : null;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A key read from text (a target key, a feed row's doc_id) as the collection's key type. */
export function parseCollectionKey(col: CollectionName, text: string): string | number {
  return COLLECTION_DEFINITIONS[col].keyType === 'number' ? Number(text) : text;
}

/**
 * The key of a document in its collection as text, as the feed's `doc_id` and a `delete`
 * message's `document.id` carry it (tags by slug, messages by their `m-`/`n-` id, the others by
 * their numeric id as text).
 */
export function documentKey(col: CollectionName, document: { id?: unknown; slug?: unknown }): string {
  return String(document[COLLECTION_DEFINITIONS[col].key]);
}
