import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { snippetCreateBody, snippetUpdateBody } from '../../protocol/api/snippet-requests';
import type { Snippet } from '../../protocol/documents';
import type { SnippetRow, SnippetsTable } from './snippet-tables';
import { writeJsonColumn } from '../db/json-column';
import { fieldError, HttpError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { toSnippet } from './snippet-model';

export function listSnippetRows(write: Write): Promise<SnippetRow[]> {
  return write.trx.selectFrom('snippets').selectAll().where('org_id', '=', write.orgId).orderBy('id').execute();
}

async function findSnippet(write: Write, id: string): Promise<SnippetRow> {
  const row = await write.trx.selectFrom('snippets').selectAll().where('org_id', '=', write.orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Whether one of these ids is already a snippet's or a category's of the organization. */
export async function snippetIdsTaken(write: Write, ids: readonly string[]): Promise<boolean> {
  const snippet = await write.trx.selectFrom('snippets').select('id').where('org_id', '=', write.orgId).where('id', 'in', ids).executeTakeFirst();
  return snippet !== undefined;
}

/** Writes a snippet's columns with its feed row. */
export function updateSnippetRow(write: Write, id: string, values: Updateable<SnippetsTable>): Promise<Snippet> {
  return write.change('snippets', 'update', async (version) => {
    const row = await write.trx
      .updateTable('snippets')
      .set({ ...values, version })
      .where('org_id', '=', write.orgId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSnippet(row);
  });
}

async function assertCategories(write: Write, categories: readonly string[]): Promise<string[]> {
  const unique = [...new Set(categories)];
  if (unique.length === 0) return unique;
  const found = await write.trx.selectFrom('snippet_categories').select('id').where('org_id', '=', write.orgId).where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw fieldError('categories', 'names a category that does not exist');
  return unique;
}

async function assertShortcutFree(write: Write, shortcut: string | null, ownId: string): Promise<void> {
  if (shortcut === null) return;
  const other = await write.trx
    .selectFrom('snippets')
    .select('name')
    .where('org_id', '=', write.orgId)
    .where('shortcut', '=', shortcut)
    .where('id', '!=', ownId)
    .executeTakeFirst();
  if (other) throw fieldError('shortcut', `is already used by “${other.name}”`);
}

/** `POST snippets/`: an id already used is a 409. */
export async function createSnippet(write: Write, agentId: number, input: z.output<typeof snippetCreateBody>): Promise<Snippet> {
  if (await snippetIdsTaken(write, [input.id])) throw new HttpError(409, { errors: { id: 'is already used' } });
  const categories = await assertCategories(write, input.categories);
  await assertShortcutFree(write, input.shortcut, input.id);
  return write.change('snippets', 'insert', async (version) => {
    const row = await write.trx
      .insertInto('snippets')
      .values({
        org_id: write.orgId,
        id: input.id,
        name: input.name,
        shortcut: input.shortcut,
        body: input.body,
        categories: writeJsonColumn(categories),
        use_count: 0,
        last_used_at: null,
        created_by: agentId,
        created_at: write.now,
        updated_at: write.now,
        version,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSnippet(row);
  });
}

/** `PATCH snippets/{id}`: the fields given. */
export async function updateSnippet(write: Write, id: string, input: z.output<typeof snippetUpdateBody>): Promise<Snippet> {
  await findSnippet(write, id);
  if (input.shortcut !== undefined) await assertShortcutFree(write, input.shortcut, id);
  return updateSnippetRow(write, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.shortcut !== undefined ? { shortcut: input.shortcut } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
    updated_at: write.now,
  });
}

/** `POST snippets/{id}/categories` (§7): the categories, whole. */
export async function setSnippetCategories(write: Write, id: string, categories: readonly string[]): Promise<Snippet> {
  await findSnippet(write, id);
  return updateSnippetRow(write, id, { categories: writeJsonColumn(await assertCategories(write, categories)) });
}

/** `POST snippets/{id}/uses`: inserted once more, now. */
export async function useSnippet(write: Write, id: string): Promise<Snippet> {
  const row = await findSnippet(write, id);
  return updateSnippetRow(write, id, { use_count: Number(row.use_count) + 1, last_used_at: write.now });
}

export async function deleteSnippet(write: Write, id: string): Promise<{ id: string }> {
  await findSnippet(write, id);
  await write.remove('snippets', id, async () => {
    await write.trx.deleteFrom('snippets').where('org_id', '=', write.orgId).where('id', '=', id).execute();
  });
  return { id };
}
