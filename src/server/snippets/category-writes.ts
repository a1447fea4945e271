import type { z } from 'zod';
import type { categoryCreateBody, categoryPositionBody } from '../../protocol/api/snippet-requests';
import type { SnippetCategory } from '../../protocol/documents';
import { childrenOf, moveCategory } from '../../protocol/snippets/category-tree';
import type { SnippetCategoryRow } from './snippet-tables';
import { writeJsonColumn } from '../db/json-column';
import { fieldError, HttpError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { snippetCategoryIds, toSnippetCategory } from './snippet-model';
import { listSnippetRows, updateSnippetRow } from './snippet-writes';

function categoryRows(write: Write): Promise<SnippetCategoryRow[]> {
  return write.trx.selectFrom('snippet_categories').selectAll().where('org_id', '=', write.orgId).execute();
}

async function findCategory(write: Write, id: string): Promise<SnippetCategoryRow> {
  const row = await write.trx.selectFrom('snippet_categories').selectAll().where('org_id', '=', write.orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Sets a category's parent and sort, with its feed row. */
function placeCategory(write: Write, id: string, parentId: string | null, sort: number): Promise<SnippetCategory> {
  return write.change('snippet_categories', 'update', async (version) => {
    const row = await write.trx
      .updateTable('snippet_categories')
      .set({ parent_id: parentId, sort, version })
      .where('org_id', '=', write.orgId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSnippetCategory(row);
  });
}

/** `POST snippets/categories/`: at the end of its parent's children. An id already used is a 409. */
export async function createCategory(write: Write, input: z.output<typeof categoryCreateBody>): Promise<SnippetCategory> {
  const rows = await categoryRows(write);
  if (rows.some((row) => row.id === input.id)) {
    throw new HttpError(409, { errors: { id: 'is already used' } });
  }
  const parentId = input.parent_id;
  if (parentId !== null && !rows.some((row) => row.id === parentId)) throw fieldError('parent_id', 'is not a category');
  const nodes = rows.map(toSnippetCategory);
  const last = childrenOf(nodes, parentId).at(-1);
  return write.change('snippet_categories', 'insert', async (version) => {
    const row = await write.trx
      .insertInto('snippet_categories')
      .values({ org_id: write.orgId, id: input.id, name: input.name, parent_id: parentId, sort: last ? last.sort + 1 : 0, created_at: write.now, version })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSnippetCategory(row);
  });
}

export async function renameCategory(write: Write, id: string, name: string): Promise<SnippetCategory> {
  await findCategory(write, id);
  return write.change('snippet_categories', 'update', async (version) => {
    const row = await write.trx
      .updateTable('snippet_categories')
      .set({ name, version })
      .where('org_id', '=', write.orgId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSnippetCategory(row);
  });
}

/**
 * `PATCH snippets/categories/{id}/position` (§7): refused with a 400 for a cycle, an unknown
 * parent or a position out of range; otherwise every category whose place changes is written.
 */
export async function moveCategoryTo(write: Write, id: string, move: z.output<typeof categoryPositionBody>): Promise<SnippetCategory[]> {
  if (move.id !== id) throw fieldError('id', 'must be the id of the path');
  await findCategory(write, id);
  const result = moveCategory((await categoryRows(write)).map(toSnippetCategory), move);
  if (!result.ok) throw fieldError(result.field, result.error);
  const written: SnippetCategory[] = [];
  for (const sort of result.sorts) written.push(await placeCategory(write, sort.id, sort.parent_id, sort.sort));
  return written;
}

/**
 * `DELETE snippets/categories/{id}`: its subcategories move up to its parent (after its
 * children there), and its snippets go to `moveTo` or just leave it.
 */
export async function deleteCategory(write: Write, id: string, moveTo: string | undefined): Promise<{ id: string }> {
  const category = await findCategory(write, id);
  if (moveTo !== undefined) {
    if (moveTo === id) throw fieldError('move_to', 'must be another category');
    await findCategory(write, moveTo).catch(() => {
      throw fieldError('move_to', 'is not a category');
    });
  }
  const nodes = (await categoryRows(write)).map(toSnippetCategory);
  const siblings = childrenOf(nodes, category.parent_id).filter((node) => node.id !== id);
  let sort = (siblings.at(-1)?.sort ?? -1) + 1;
  for (const child of childrenOf(nodes, id)) await placeCategory(write, child.id, category.parent_id, sort++);

  for (const snippet of await listSnippetRows(write)) {
    const categories = snippetCategoryIds(snippet);
    if (!categories.includes(id)) continue;
    const next = categories.flatMap((item) => (item === id ? (moveTo !== undefined ? [moveTo] : []) : [item]));
    await updateSnippetRow(write, snippet.id, { categories: writeJsonColumn([...new Set(next)]) });
  }
  await write.remove('snippet_categories', id, async () => {
    await write.trx.deleteFrom('snippet_categories').where('org_id', '=', write.orgId).where('id', '=', id).execute();
  });
  return { id };
}
