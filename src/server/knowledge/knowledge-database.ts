import type { Generated, Selectable } from 'kysely';

/**
 * The knowledge base's tables as SQL sees them (migration 0019-knowledge, knowledge-tables.ts).
 * Server tables are prefixed `kb_`; their feed collections are `collections` and `articles`.
 */
export interface KnowledgeTables {
  kb_settings: KbSettingsTable;
  kb_collections: KbCollectionsTable;
  kb_articles: KbArticlesTable;
  kb_article_collections: KbArticleCollectionsTable;
  kb_old_slugs: KbOldSlugsTable;
  kb_searches: KbSearchesTable;
  kb_events: KbEventsTable;
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
