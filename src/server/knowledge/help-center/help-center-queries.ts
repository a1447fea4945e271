import type { KnowledgeCollection } from '../../../protocol/documents';
import type { Db } from '../../db/database';
import type { KbArticleRow } from '../knowledge-tables';
import { toCollection } from '../knowledge-model';
import { readKnowledgeSettings, type HelpCenterSettings } from '../knowledge-settings';

/**
 * What the public pages read: only published articles, always of one organization. Every query
 * here names `org_id` and, for articles, `published = 1`, so a draft or another organization's
 * article cannot reach a page.
 */
export type HelpCenterOrg = { id: number; slug: string; name: string; settings: HelpCenterSettings };

export async function findHelpCenter(db: Db, orgSlug: string): Promise<HelpCenterOrg | null> {
  const org = await db.selectFrom('organizations').select(['id', 'slug', 'name']).where('slug', '=', orgSlug).executeTakeFirst();
  if (!org) return null;
  return { ...org, settings: await readKnowledgeSettings(db, org.id) };
}

/** A collection with the number of published articles in it and in its subcollections. */
export type TreeCollection = KnowledgeCollection & { articles: number; total: number };

/** The collections that hold a published article somewhere inside them, with their counts. */
export async function publishedTree(db: Db, orgId: number): Promise<TreeCollection[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('kb_collections').selectAll().where('org_id', '=', orgId).execute(),
    db
      .selectFrom('kb_article_collections as ac')
      .innerJoin('kb_articles as a', (join) => join.onRef('a.org_id', '=', 'ac.org_id').onRef('a.id', '=', 'ac.article_id'))
      .select(['ac.collection_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('ac.org_id', '=', orgId)
      .where('a.published', '=', 1)
      .groupBy('ac.collection_id')
      .execute(),
  ]);
  const own = new Map(counts.map((row) => [row.collection_id, Number(row.count)]));
  const collections = rows.map(toCollection);
  const total = new Map<string, number>();
  const totalOf = (id: string, seen: Set<string>): number => {
    const kept = total.get(id);
    if (kept !== undefined) return kept;
    if (seen.has(id)) return 0;
    seen.add(id);
    const sum = (own.get(id) ?? 0) + collections.filter((item) => item.parent_id === id).reduce((acc, child) => acc + totalOf(child.id, seen), 0);
    total.set(id, sum);
    return sum;
  };
  return collections
    .map((collection) => ({ ...collection, articles: own.get(collection.id) ?? 0, total: totalOf(collection.id, new Set()) }))
    .filter((collection) => collection.total > 0);
}

/** Every collection, without counts: an article page's breadcrumbs. */
export async function allCollections(db: Db, orgId: number): Promise<TreeCollection[]> {
  const rows = await db.selectFrom('kb_collections').selectAll().where('org_id', '=', orgId).execute();
  return rows.map((row) => ({ ...toCollection(row), articles: 0, total: 0 }));
}

export function findPublishedArticle(db: Db, orgId: number, slug: string): Promise<KbArticleRow | undefined> {
  return db.selectFrom('kb_articles').selectAll().where('org_id', '=', orgId).where('slug', '=', slug).where('published', '=', 1).executeTakeFirst();
}

/** The current slug of what an old slug named (after a rename), or null. */
export async function renamedSlug(db: Db, orgId: number, kind: 'article' | 'collection', slug: string): Promise<string | null> {
  const old = await db.selectFrom('kb_old_slugs').select('target_id').where('org_id', '=', orgId).where('kind', '=', kind).where('slug', '=', slug).executeTakeFirst();
  if (!old) return null;
  if (kind === 'collection') {
    const row = await db.selectFrom('kb_collections').select('slug').where('org_id', '=', orgId).where('id', '=', old.target_id).executeTakeFirst();
    return row?.slug ?? null;
  }
  const row = await db.selectFrom('kb_articles').select('slug').where('org_id', '=', orgId).where('id', '=', old.target_id).where('published', '=', 1).executeTakeFirst();
  return row?.slug ?? null;
}

export type ArticleLink = { slug: string; title: string; description: string };

/** A collection's published articles in order. */
export async function collectionArticles(db: Db, orgId: number, collectionId: string): Promise<ArticleLink[]> {
  const rows = await db
    .selectFrom('kb_article_collections as ac')
    .innerJoin('kb_articles as a', (join) => join.onRef('a.org_id', '=', 'ac.org_id').onRef('a.id', '=', 'ac.article_id'))
    .select(['a.slug', 'a.published_title', 'a.description'])
    .where('ac.org_id', '=', orgId)
    .where('ac.collection_id', '=', collectionId)
    .where('a.published', '=', 1)
    .orderBy('ac.sort')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({ slug: row.slug, title: row.published_title ?? '', description: row.description }));
}

/** The published articles just before and after one in a collection's order. */
export async function neighbours(db: Db, orgId: number, collectionId: string, articleId: string): Promise<{ previous: ArticleLink | null; next: ArticleLink | null }> {
  const place = await db
    .selectFrom('kb_article_collections')
    .select('sort')
    .where('org_id', '=', orgId)
    .where('collection_id', '=', collectionId)
    .where('article_id', '=', articleId)
    .executeTakeFirst();
  if (!place) return { previous: null, next: null };
  const base = () =>
    db
      .selectFrom('kb_article_collections as ac')
      .innerJoin('kb_articles as a', (join) => join.onRef('a.org_id', '=', 'ac.org_id').onRef('a.id', '=', 'ac.article_id'))
      .select(['a.slug', 'a.published_title', 'a.description'])
      .where('ac.org_id', '=', orgId)
      .where('ac.collection_id', '=', collectionId)
      .where('a.published', '=', 1)
      .where('a.id', '<>', articleId);
  const [previous, next] = await Promise.all([
    base()
      .where((eb) => eb.or([eb('ac.sort', '<', place.sort), eb.and([eb('ac.sort', '=', place.sort), eb('a.id', '<', articleId)])]))
      .orderBy('ac.sort', 'desc')
      .orderBy('a.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    base()
      .where((eb) => eb.or([eb('ac.sort', '>', place.sort), eb.and([eb('ac.sort', '=', place.sort), eb('a.id', '>', articleId)])]))
      .orderBy('ac.sort')
      .orderBy('a.id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const link = (row: typeof previous) => (row ? { slug: row.slug, title: row.published_title ?? '', description: row.description } : null);
  return { previous: link(previous), next: link(next) };
}

/** The first collection an article is in (its sort order decides), for breadcrumbs and previous/next. */
export async function homeCollectionOf(db: Db, orgId: number, articleId: string): Promise<string | null> {
  const row = await db
    .selectFrom('kb_article_collections')
    .select('collection_id')
    .where('org_id', '=', orgId)
    .where('article_id', '=', articleId)
    .orderBy('collection_id')
    .executeTakeFirst();
  return row?.collection_id ?? null;
}

export async function sitemapEntries(db: Db, orgId: number): Promise<{ articles: { slug: string; updated: number }[]; collections: string[] }> {
  const [articles, tree] = await Promise.all([
    db.selectFrom('kb_articles').select(['slug', 'published_at']).where('org_id', '=', orgId).where('published', '=', 1).orderBy('slug').execute(),
    publishedTree(db, orgId),
  ]);
  return { articles: articles.map((row) => ({ slug: row.slug, updated: Number(row.published_at ?? 0) })), collections: tree.map((collection) => collection.slug) };
}
