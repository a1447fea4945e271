import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { articleCreateBody, articlePositionBody, articleUpdateBody } from '../../protocol/api/knowledge-requests';
import type { Article, ArticleConflict } from '../../protocol/documents';
import { slugify, uniqueSlug } from '../../protocol/knowledge/knowledge-slug';
import type { DialectName } from '../db/open-database';
import { writeJsonColumn } from '../db/json-column';
import { fieldError, HttpError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { sanitizeArticleHtml } from './article-html';
import type { KbArticleRow, KbArticlesTable } from './knowledge-tables';
import { articleDocuments } from './knowledge-model';
import { indexArticle, unindexArticle } from './knowledge-search-index';
import { rememberOldSlug } from './old-slugs';

async function findArticle(write: Write, id: string): Promise<KbArticleRow> {
  const row = await write.trx.selectFrom('kb_articles').selectAll().where('org_id', '=', write.orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function articleSlugTaken(write: Write, slug: string, except: string | null): Promise<boolean> {
  const row = await write.trx.selectFrom('kb_articles').select('id').where('org_id', '=', write.orgId).where('slug', '=', slug).executeTakeFirst();
  return row !== undefined && row.id !== except;
}

/** A free slug from a title: `how-to-pay`, or `how-to-pay-2` when another article has it. */
async function freeSlugFor(write: Write, title: string, except: string | null): Promise<string> {
  const base = slugify(title);
  const rows = await write.trx
    .selectFrom('kb_articles')
    .select(['id', 'slug'])
    .where('org_id', '=', write.orgId)
    .where('slug', 'like', `${base}%`)
    .execute();
  const taken = new Set(rows.filter((row) => row.id !== except).map((row) => row.slug));
  return uniqueSlug(base, (candidate) => taken.has(candidate));
}

async function documentOf(write: Write, row: KbArticleRow): Promise<Article> {
  const [article] = await articleDocuments(write.trx, write.orgId, [row]);
  if (!article) throw new Error('An article read back is missing.');
  return article;
}

/** Writes an article's fields (none: only its version, after its placements changed) with its feed row. */
export function rewriteArticle(write: Write, id: string, set: Updateable<KbArticlesTable>, textChanged = false): Promise<Article> {
  return write.change('articles', 'update', async (version) => {
    const row = await write.trx
      .updateTable('kb_articles')
      .set({ ...set, ...(textChanged ? { text_version: version } : {}), version })
      .where('org_id', '=', write.orgId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return documentOf(write, row);
  });
}

async function collectionIdsExist(write: Write, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await write.trx.selectFrom('kb_collections').select('id').where('org_id', '=', write.orgId).where('id', 'in', [...ids]).execute();
  if (rows.length !== new Set(ids).size) throw fieldError('collections', 'names a collection that does not exist');
}

/** The next sort at the end of a collection's articles. */
async function endOf(write: Write, collectionId: string): Promise<number> {
  const row = await write.trx
    .selectFrom('kb_article_collections')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('org_id', '=', write.orgId)
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return row?.sort === null || row?.sort === undefined ? 0 : Number(row.sort) + 1;
}

/** `POST knowledge/articles/`: a draft (unpublished), at the end of each collection given. */
export async function createArticle(write: Write, agentId: number, input: z.output<typeof articleCreateBody>): Promise<Article> {
  const existing = await write.trx.selectFrom('kb_articles').select('id').where('org_id', '=', write.orgId).where('id', '=', input.id).executeTakeFirst();
  if (existing) throw new HttpError(409, { errors: { id: 'is already used' } });
  const collections = [...new Set(input.collections)];
  await collectionIdsExist(write, collections);
  const slug = await freeSlugFor(write, input.title, null);
  return write.change('articles', 'insert', async (version) => {
    const row = await write.trx
      .insertInto('kb_articles')
      .values({
        org_id: write.orgId,
        id: input.id,
        title: input.title,
        content: sanitizeArticleHtml(input.content),
        description: input.description,
        slug,
        published: 0,
        published_title: null,
        published_content: null,
        published_at: null,
        conflict: null,
        text_version: version,
        updated_by: agentId,
        created_by: agentId,
        created_at: write.now,
        updated_at: write.now,
        version,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const collectionId of collections) {
      await write.trx.insertInto('kb_article_collections').values({ org_id: write.orgId, article_id: input.id, collection_id: collectionId, sort: await endOf(write, collectionId) }).execute();
    }
    return documentOf(write, row);
  });
}

/**
 * `PATCH knowledge/articles/{id}`. An edit of the text started from an older version than the
 * last change of the text by another agent (an offline edit while a teammate published) does not
 * overwrite: it is kept as the article's `conflict`, both texts shown until someone resolves it.
 * Until its first publication the slug follows the title; after it, a new slug redirects the old.
 */
export async function updateArticle(write: Write, agentId: number, id: string, input: z.output<typeof articleUpdateBody>): Promise<Article> {
  const row = await findArticle(write, id);
  const content = input.content === undefined ? undefined : sanitizeArticleHtml(input.content);
  const textGiven = input.title !== undefined || content !== undefined;
  const differs = (input.title !== undefined && input.title !== row.title) || (content !== undefined && content !== row.content);
  const stale = input.base_version !== undefined && input.base_version < Number(row.text_version) && row.updated_by !== agentId && differs;
  const set: Updateable<KbArticlesTable> = {};
  if (input.description !== undefined) set.description = input.description;
  let textChanged = false;
  if (textGiven && stale && input.resolve !== true) {
    const conflict: ArticleConflict = { title: input.title ?? row.title, content: content ?? row.content, agent_id: agentId, at: write.now };
    set.conflict = writeJsonColumn(conflict);
  } else if (textGiven) {
    if (input.title !== undefined) set.title = input.title;
    if (content !== undefined) set.content = content;
    textChanged = (input.title !== undefined && input.title !== row.title) || (content !== undefined && content !== row.content);
    if (textChanged) {
      set.updated_by = agentId;
      set.updated_at = write.now;
    }
  }
  if (input.resolve === true) set.conflict = null;

  let slug = input.slug;
  if (slug === undefined && input.title !== undefined && set.title !== undefined && row.published_at === null && input.title !== row.title) {
    slug = await freeSlugFor(write, input.title, id);
  }
  if (slug !== undefined && slug !== row.slug) {
    if (await articleSlugTaken(write, slug, id)) throw fieldError('slug', 'is already used by another article');
    if (row.published_at !== null) await rememberOldSlug(write, 'article', row.slug, id, slug);
    set.slug = slug;
    set.updated_at = write.now;
  }
  const article = await rewriteArticle(write, id, set, textChanged);
  return article;
}

/** `POST knowledge/articles/{id}/publish`: the draft becomes the public page, and searchable. */
export async function publishArticle(write: Write, dialect: DialectName, agentId: number, id: string): Promise<Article> {
  const row = await findArticle(write, id);
  const article = await rewriteArticle(
    write,
    id,
    { published: 1, published_title: row.title, published_content: row.content, published_at: write.now, updated_by: agentId, updated_at: write.now },
    true,
  );
  await indexArticle(write, dialect, id, row.title, row.content);
  return article;
}

/** `POST knowledge/articles/{id}/unpublish`: off the public pages and out of search; the draft stays. */
export async function unpublishArticle(write: Write, dialect: DialectName, agentId: number, id: string): Promise<Article> {
  await findArticle(write, id);
  const article = await rewriteArticle(write, id, { published: 0, updated_by: agentId, updated_at: write.now });
  await unindexArticle(write, dialect, id);
  return article;
}

/** `POST knowledge/articles/{id}/collections`: the collections it is in, whole; new ones at their end. */
export async function setArticleCollections(write: Write, id: string, collectionIds: readonly string[]): Promise<Article> {
  await findArticle(write, id);
  const wanted = [...new Set(collectionIds)];
  await collectionIdsExist(write, wanted);
  const current = await write.trx.selectFrom('kb_article_collections').select('collection_id').where('org_id', '=', write.orgId).where('article_id', '=', id).execute();
  const have = new Set(current.map((row) => row.collection_id));
  const leaving = [...have].filter((collectionId) => !wanted.includes(collectionId));
  if (leaving.length > 0) {
    await write.trx.deleteFrom('kb_article_collections').where('org_id', '=', write.orgId).where('article_id', '=', id).where('collection_id', 'in', leaving).execute();
  }
  for (const collectionId of wanted.filter((item) => !have.has(item))) {
    await write.trx.insertInto('kb_article_collections').values({ org_id: write.orgId, article_id: id, collection_id: collectionId, sort: await endOf(write, collectionId) }).execute();
  }
  return rewriteArticle(write, id, {});
}

/**
 * `PATCH knowledge/articles/{id}/position`: its place among one collection's articles; the
 * collection's articles are numbered 0, 1, 2… and each whose sort changed is written.
 */
export async function moveArticle(write: Write, id: string, move: z.output<typeof articlePositionBody>): Promise<Article[]> {
  await findArticle(write, id);
  const rows = await write.trx
    .selectFrom('kb_article_collections')
    .select(['article_id', 'sort'])
    .where('org_id', '=', write.orgId)
    .where('collection_id', '=', move.collection_id)
    .orderBy('sort')
    .orderBy('article_id')
    .execute();
  if (!rows.some((row) => row.article_id === id)) throw fieldError('collection_id', 'is not a collection of this article');
  const others = rows.filter((row) => row.article_id !== id);
  if (move.position > others.length) throw fieldError('position', `must be between 0 and ${others.length}`);
  const order = [...others.slice(0, move.position).map((row) => row.article_id), id, ...others.slice(move.position).map((row) => row.article_id)];
  const written: Article[] = [];
  for (const [sort, articleId] of order.entries()) {
    const before = rows.find((row) => row.article_id === articleId);
    if (before && Number(before.sort) === sort) continue;
    await write.trx
      .updateTable('kb_article_collections')
      .set({ sort })
      .where('org_id', '=', write.orgId)
      .where('article_id', '=', articleId)
      .where('collection_id', '=', move.collection_id)
      .execute();
    written.push(await rewriteArticle(write, articleId, {}));
  }
  return written;
}

/** `DELETE knowledge/articles/{id}`: gone from every collection, the help center and search. */
export async function deleteArticle(write: Write, dialect: DialectName, id: string): Promise<{ id: string }> {
  await findArticle(write, id);
  await write.trx.deleteFrom('kb_article_collections').where('org_id', '=', write.orgId).where('article_id', '=', id).execute();
  await write.trx.deleteFrom('kb_old_slugs').where('org_id', '=', write.orgId).where('kind', '=', 'article').where('target_id', '=', id).execute();
  await unindexArticle(write, dialect, id);
  await write.remove('articles', id, async () => {
    await write.trx.deleteFrom('kb_articles').where('org_id', '=', write.orgId).where('id', '=', id).execute();
  });
  return { id };
}
