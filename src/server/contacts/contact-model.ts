import type { Contact } from '../../protocol/documents';
import type { ContactRow } from '../db/database';
import { fromSqlBoolean } from '../db/sql-boolean';

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    is_trusted: fromSqlBoolean(row.is_trusted),
    company: row.company,
    is_blocked: fromSqlBoolean(row.is_blocked),
    version: Number(row.version),
  };
}
