import { z } from 'zod';
import type { ArticleInCollection } from '../../protocol/api/knowledge-requests';
import type { Article, ArticleConflict, ArticlePlacement, KnowledgeCollection } from '../../protocol/documents';
import type { Db } from '../db/database';
import { readJsonColumn } from '../db/json-column';
import type { KbArticleRow, KbCollectionRow } from './knowledge-tables';

export function toCollection(row: KbCollectionRow): KnowledgeCollection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parent_id: row.parent_id,
    sort: Number(row.sort),
    slug: row.slug,
    icon: row.icon,
    version: Number(row.version),
  };
}

/** The public address of an article on this server (a custom domain serves the same page at `/articles/{slug}`). */
export function articlePath(orgSlug: string, slug: string): string {
  return `/help/${orgSlug}/articles/${slug}`;
}

const conflictSchema: z.ZodType<ArticleConflict> = z.object({ title: z.string(), content: z.string(), agent_id: z.number().nullable(), at: z.number() });

export function toArticle(row: KbArticleRow, placements: readonly ArticlePlacement[], orgSlug: string): Article {
  const published = row.published === 1;
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    description: row.description,
    slug: row.slug,
    published,
    published_title: row.published_title,
    published_content: row.published_content,
    published_at: row.published_at === null ? null : Number(row.published_at),
    url: published ? articlePath(orgSlug, row.slug) : null,
    collections: [...placements].sort((a, b) => (a.collection_id < b.collection_id ? -1 : a.collection_id > b.collection_id ? 1 : 0)),
    conflict: readJsonColumn(row.conflict, conflictSchema.nullable(), null),
    updated_by: row.updated_by,
    updated_at: Number(row.updated_at),
    version: Number(row.version),
  };
}

type Reader = Pick<Db, 'selectFrom'>;

/** Each article's placements, for the articles given (all of the organization's when `ids` is null). */
export async function placementsOf(db: Reader, orgId: number, ids: readonly string[] | null): Promise<Map<string, ArticlePlacement[]>> {
  if (ids !== null && ids.length === 0) return new Map();
  let query = db.selectFrom('kb_article_collections').select(['article_id', 'collection_id', 'sort']).where('org_id', '=', orgId);
  if (ids !== null) query = query.where('article_id', 'in', ids);
  const rows = await query.execute();
  const byArticle = new Map<string, ArticlePlacement[]>();
  for (const row of rows) {
    const list = byArticle.get(row.article_id) ?? [];
    list.push({ collection_id: row.collection_id, sort: Number(row.sort) });
    byArticle.set(row.article_id, list);
  }
  return byArticle;
}

export async function orgSlugOf(db: Reader, orgId: number): Promise<string> {
  const row = await db.selectFrom('organizations').select('slug').where('id', '=', orgId).executeTakeFirstOrThrow();
  return row.slug;
}

/** Articles read whole, with their placements. */
export async function articleDocuments(db: Reader, orgId: number, rows: readonly KbArticleRow[], orgSlug?: string): Promise<Article[]> {
  if (rows.length === 0) return [];
  const slug = orgSlug ?? (await orgSlugOf(db, orgId));
  const placements = await placementsOf(db, orgId, rows.map((row) => row.id));
  return rows.map((row) => toArticle(row, placements.get(row.id) ?? [], slug));
}

export function articleInCollections(articles: readonly Article[]): ArticleInCollection[] {
  return articles.flatMap((article) => article.collections.map((placement) => ({ article_id: article.id, collection_id: placement.collection_id, sort: placement.sort })));
}
