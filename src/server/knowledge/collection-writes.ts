import type { z } from 'zod';
import type { collectionCreateBody, collectionPositionBody, collectionUpdateBody } from '../../protocol/api/knowledge-requests';
import type { Article, KnowledgeCollection } from '../../protocol/documents';
import { slugify, uniqueSlug } from '../../protocol/knowledge/knowledge-slug';
import { childrenOf, moveCategory } from '../../protocol/snippets/category-tree';
import { fieldError, HttpError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import type { KbCollectionRow } from './knowledge-tables';
import { rewriteArticle } from './article-writes';
import { toCollection } from './knowledge-model';
import { rememberOldSlug } from './old-slugs';

function collectionRows(write: Write): Promise<KbCollectionRow[]> {
  return write.trx.selectFrom('kb_collections').selectAll().where('org_id', '=', write.orgId).execute();
}

async function findCollection(write: Write, id: string): Promise<KbCollectionRow> {
  const row = await write.trx.selectFrom('kb_collections').selectAll().where('org_id', '=', write.orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function slugTaken(write: Write, slug: string, except: string | null): Promise<boolean> {
  const row = await write.trx.selectFrom('kb_collections').select('id').where('org_id', '=', write.orgId).where('slug', '=', slug).executeTakeFirst();
  return row !== undefined && row.id !== except;
}

function placeCollection(write: Write, id: string, parentId: string | null, sort: number): Promise<KnowledgeCollection> {
  return write.change('collections', 'update', async (version) => {
    const row = await write.trx
      .updateTable('kb_collections')
      .set({ parent_id: parentId, sort, version })
      .where('org_id', '=', write.orgId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCollection(row);
  });
}

/** `POST knowledge/collections/`: at the end of its parent's children, its slug from its name unless given. */
export async function createCollection(write: Write, input: z.output<typeof collectionCreateBody>): Promise<KnowledgeCollection> {
  const rows = await collectionRows(write);
  if (rows.some((row) => row.id === input.id)) throw new HttpError(409, { errors: { id: 'is already used' } });
  const parentId = input.parent_id;
  if (parentId !== null && !rows.some((row) => row.id === parentId)) throw fieldError('parent_id', 'is not a collection');
  const slugs = new Set(rows.map((row) => row.slug));
  if (input.slug !== undefined && slugs.has(input.slug)) throw fieldError('slug', 'is already used by another collection');
  const slug = input.slug ?? uniqueSlug(slugify(input.name, 'collection'), (candidate) => slugs.has(candidate));
  const last = childrenOf(rows.map(toCollection), parentId).at(-1);
  return write.change('collections', 'insert', async (version) => {
    const row = await write.trx
      .insertInto('kb_collections')
      .values({
        org_id: write.orgId,
        id: input.id,
        name: input.name,
        description: input.description,
        parent_id: parentId,
        sort: last ? last.sort + 1 : 0,
        slug,
        icon: input.icon,
        created_at: write.now,
        version,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCollection(row);
  });
}

/** `PATCH knowledge/collections/{id}`: a new slug keeps the old one as a redirect. */
export async function updateCollection(write: Write, id: string, input: z.output<typeof collectionUpdateBody>): Promise<KnowledgeCollection> {
  const current = await findCollection(write, id);
  if (input.slug !== undefined && input.slug !== current.slug) {
    if (await slugTaken(write, input.slug, id)) throw fieldError('slug', 'is already used by another collection');
    await rememberOldSlug(write, 'collection', current.slug, id, input.slug);
  }
  return write.change('collections', 'update', async (version) => {
    const row = await write.trx
      .updateTable('kb_collections')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.icon !== undefined ? { icon: input.icon } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        version,
      })
      .where('org_id', '=', write.orgId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCollection(row);
  });
}

/**
 * `PATCH knowledge/collections/{id}/position`: refused with a 400 for a cycle, an unknown parent
 * or a position out of range; every collection whose place changes is written.
 */
export async function moveCollection(write: Write, id: string, move: z.output<typeof collectionPositionBody>): Promise<KnowledgeCollection[]> {
  if (move.id !== id) throw fieldError('id', 'must be the id of the path');
  await findCollection(write, id);
  const result = moveCategory((await collectionRows(write)).map(toCollection), move);
  if (!result.ok) throw fieldError(result.field, result.error === 'is not a category' ? 'is not a collection' : result.error.replace('category', 'collection'));
  const written: KnowledgeCollection[] = [];
  for (const sort of result.sorts) written.push(await placeCollection(write, sort.id, sort.parent_id, sort.sort));
  return written;
}

/**
 * `DELETE knowledge/collections/{id}`: its subcollections move up to its parent (after its
 * children there); its articles leave it (an article in no collection stays, unlisted).
 */
export async function deleteCollection(write: Write, id: string): Promise<{ id: string; articles: Article[] }> {
  const collection = await findCollection(write, id);
  const nodes = (await collectionRows(write)).map(toCollection);
  const siblings = childrenOf(nodes, collection.parent_id).filter((node) => node.id !== id);
  let sort = (siblings.at(-1)?.sort ?? -1) + 1;
  for (const child of childrenOf(nodes, id)) await placeCollection(write, child.id, collection.parent_id, sort++);
  const inside = await write.trx.selectFrom('kb_article_collections').select('article_id').where('org_id', '=', write.orgId).where('collection_id', '=', id).execute();
  await write.trx.deleteFrom('kb_article_collections').where('org_id', '=', write.orgId).where('collection_id', '=', id).execute();
  const articles: Article[] = [];
  for (const { article_id } of inside) articles.push(await rewriteArticle(write, article_id, {}));
  await write.trx.deleteFrom('kb_old_slugs').where('org_id', '=', write.orgId).where('kind', '=', 'collection').where('target_id', '=', id).execute();
  await write.remove('collections', id, async () => {
    await write.trx.deleteFrom('kb_collections').where('org_id', '=', write.orgId).where('id', '=', id).execute();
  });
  return { id, articles };
}
