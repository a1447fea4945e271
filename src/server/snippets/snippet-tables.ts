import type { Selectable } from 'kysely';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/id-column';

export interface SnippetCategoriesTable {
  org_id: number;
  id: string;
  name: string;
  parent_id: string | null;
  sort: number;
  created_at: number;
  version: number;
}

export interface SnippetsTable {
  org_id: number;
  id: string;
  name: string;
  shortcut: string | null;
  body: string;
  /** JSON list of category ids. */
  categories: string;
  use_count: number;
  last_used_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  version: number;
}

export type SnippetCategoryRow = Selectable<SnippetCategoriesTable>;

export type SnippetRow = Selectable<SnippetsTable>;

declare module '../db/database' {
  interface Database {
    snippet_categories: SnippetCategoriesTable;
    snippets: SnippetsTable;
  }
}

/**
 * The snippet library (§3 Snippet, Snippet category), keyed by the organization and the
 * client's id. A snippet's categories are a JSON list of category ids on its row: it is read
 * whole, with its document, and a category's deletion rewrites the few snippets that name it.
 */
export async function createSnippetTables(schema: Schema): Promise<void> {
  await schema
    .createTable('snippet_categories')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('snippet_categories_primary_key', ['org_id', 'id'])
    .execute();

  await schema
    .createTable('snippets')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shortcut', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('snippets_primary_key', ['org_id', 'id'])
    .execute();
}

/** A shortcut finds one snippet: unique in its organization (NULLs, no shortcut, are many on both databases). */
export async function createSnippetShortcutIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('snippets_org_shortcut_unique').on('snippets').columns(['org_id', 'shortcut']).unique().execute();
}
