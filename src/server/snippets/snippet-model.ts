import { z } from 'zod';
import type { Snippet, SnippetCategory } from '../../protocol/documents';
import type { SnippetCategoryRow, SnippetRow } from './snippet-tables';
import { readJsonColumn } from '../db/json-column';

export function toSnippetCategory(row: SnippetCategoryRow): SnippetCategory {
  return { id: row.id, name: row.name, parent_id: row.parent_id, sort: Number(row.sort), version: Number(row.version) };
}

const categoryIds = z.array(z.string());

export function snippetCategoryIds(row: Pick<SnippetRow, 'categories'>): string[] {
  return readJsonColumn(row.categories, categoryIds, []);
}

export function toSnippet(row: SnippetRow): Snippet {
  return {
    id: row.id,
    name: row.name,
    shortcut: row.shortcut,
    body: row.body,
    categories: snippetCategoryIds(row),
    use_count: Number(row.use_count),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
    updated_at: Number(row.updated_at),
    version: Number(row.version),
  };
}
