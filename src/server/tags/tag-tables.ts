import type { Selectable } from 'kysely';

export interface TagsTable {
  org_id: number;
  slug: string;
  name: string;
  is_system: number;
  /** 0013: `#rrggbb` chosen on the Tags page, else null. */
  color: string | null;
  created_at: number;
  version: number;
}

export type TagRow = Selectable<TagsTable>;

declare module '../db/database' {
  interface Database {
    tags: TagsTable;
  }
}
