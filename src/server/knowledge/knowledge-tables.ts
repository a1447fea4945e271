import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import { idColumn } from '../db/id-column';
import type { DialectName } from '../db/open-database';

/**
 * The knowledge base's tables as SQL sees them (migration 0019-knowledge, below).
 * Server tables are prefixed `kb_`; their feed collections are `collections` and `articles`.
 */
declare module '../db/database' {
  interface Database {
    kb_settings: KbSettingsTable;
    kb_collections: KbCollectionsTable;
    kb_articles: KbArticlesTable;
    kb_article_collections: KbArticleCollectionsTable;
    kb_old_slugs: KbOldSlugsTable;
    kb_searches: KbSearchesTable;
    kb_events: KbEventsTable;
  }
}

export interface KbSettingsTable {
  org_id: number;
  name: string;
  color: string;
  logo: string | null;
  base_url: string | null;
  /** The host of base_url (lowercase), looked up for a custom domain's requests. */
  host: string | null;
  visibility: string;
  updated_at: number;
}

export interface KbCollectionsTable {
  org_id: number;
  id: string;
  name: string;
  description: string;
  parent_id: string | null;
  sort: number;
  slug: string;
  icon: string | null;
  created_at: number;
  version: number;
}

export interface KbArticlesTable {
  org_id: number;
  id: string;
  title: string;
  content: string;
  description: string;
  slug: string;
  published: number;
  published_title: string | null;
  published_content: string | null;
  published_at: number | null;
  /** JSON ArticleConflict or null. */
  conflict: string | null;
  /** The version at which the text (title, content) last changed, and who changed it. */
  text_version: number;
  updated_by: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  version: number;
}

export interface KbArticleCollectionsTable {
  org_id: number;
  article_id: string;
  collection_id: string;
  sort: number;
}

/** A slug an article or a collection had before a rename: its old address redirects. */
export interface KbOldSlugsTable {
  org_id: number;
  kind: 'article' | 'collection';
  slug: string;
  target_id: string;
  created_at: number;
}

export interface KbSearchesTable {
  id: Generated<number>;
  org_id: number;
  query: string;
  results: number;
  /** Where it was typed: `help` (the public pages) or `widget`. */
  source: string;
  created_at: number;
}

/** A view, a "Was this helpful?" answer or a deflection (a widget read not followed by a chat). */
export interface KbEventsTable {
  id: Generated<number>;
  org_id: number;
  article_id: string;
  kind: 'view' | 'helpful' | 'unhelpful' | 'deflection';
  /** The widget visitor, for deflections (one per visitor and article). */
  visitor: string | null;
  contact_id: number | null;
  created_at: number;
}

export type KbSettingsRow = Selectable<KbSettingsTable>;
export type KbCollectionRow = Selectable<KbCollectionsTable>;
export type KbArticleRow = Selectable<KbArticlesTable>;

/**
 * Migration 0019-knowledge: the knowledge base (§3 Knowledge). Collections and articles are keyed
 * by the organization and the client's id (made offline); an article's collections are rows of
 * `kb_article_collections` with its sort in each. Slugs are unique per organization; a renamed
 * slug is kept in `kb_old_slugs` so its address redirects. `kb_search` holds the published text
 * of published articles only (written with the article, see knowledge-search-index.ts), so a
 * search can never find a draft. Searches and article events feed `reporting/kb`.
 */
export async function createKnowledgeTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const schema = db.schema;
  await schema
    .createTable('kb_settings')
    .addColumn('org_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('logo', 'text')
    .addColumn('base_url', 'text')
    .addColumn('host', 'text')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('kb_settings_host_index').on('kb_settings').column('host').execute();

  await schema
    .createTable('kb_collections')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('kb_collections_primary_key', ['org_id', 'id'])
    .addUniqueConstraint('kb_collections_slug_unique', ['org_id', 'slug'])
    .execute();

  await schema
    .createTable('kb_articles')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_title', 'text')
    .addColumn('published_content', 'text')
    .addColumn('published_at', 'bigint')
    .addColumn('conflict', 'text')
    .addColumn('text_version', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('kb_articles_primary_key', ['org_id', 'id'])
    .addUniqueConstraint('kb_articles_slug_unique', ['org_id', 'slug'])
    .execute();

  await schema
    .createTable('kb_article_collections')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('collection_id', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('kb_article_collections_primary_key', ['org_id', 'article_id', 'collection_id'])
    .execute();
  await schema.createIndex('kb_article_collections_collection_index').on('kb_article_collections').columns(['org_id', 'collection_id', 'sort']).execute();

  await schema
    .createTable('kb_old_slugs')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('kb_old_slugs_primary_key', ['org_id', 'kind', 'slug'])
    .execute();

  await idColumn(schema, 'kb_searches', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('results', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('kb_searches_org_time_index').on('kb_searches').columns(['org_id', 'created_at']).execute();

  await idColumn(schema, 'kb_events', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text')
    .addColumn('contact_id', 'integer', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('kb_events_org_time_index').on('kb_events').columns(['org_id', 'created_at']).execute();
  await schema.createIndex('kb_events_contact_index').on('kb_events').columns(['contact_id']).execute();

  if (dialect === 'postgres') {
    // Title weighted A, body B (ts_rank's weights), through search_vector of 0004-search.
    await sql`create table kb_search (
      org_id integer not null references organizations(id) on delete cascade,
      article_id text not null,
      title text not null,
      body text not null,
      vector tsvector not null,
      primary key (org_id, article_id))`.execute(db);
    await sql`create index kb_search_vector_index on kb_search using gin (vector)`.execute(db);
  } else {
    await sql`create virtual table kb_search using fts5(org_id unindexed, article_id unindexed, title, body, tokenize='unicode61 remove_diacritics 2')`.execute(db);
  }
}
