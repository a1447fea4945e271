import type { Tag } from '../../protocol/documents';
import type { TagRow } from './tag-tables';
import { fromSqlBoolean } from '../db/sql-boolean';

export function toTag(row: TagRow): Tag {
  return { slug: row.slug, name: row.name, is_system: fromSqlBoolean(row.is_system), color: row.color, version: Number(row.version) };
}
