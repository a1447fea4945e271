import type { Tag } from '../../protocol/documents';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/database';
import type { TagRow } from './tag-tables';
import type { Write } from '../realtime/write-transaction';
import { toTag } from './tag-model';

export function listTags(db: Db, orgId: number): Promise<TagRow[]> {
  return db.selectFrom('tags').selectAll().where('org_id', '=', orgId).orderBy('slug').execute();
}

/**
 * The organization's tag with this name (case-insensitively: a renamed tag keeps its old slug)
 * or this slug, created (with its feed row) when it is new.
 */
export async function ensureTag(write: Write, slug: string, name: string): Promise<Tag> {
  const existing = await findTagByNameOrSlug(write.trx, write.orgId, name, slug);
  if (existing) return toTag(existing);
  return write.change('tags', 'insert', async (version) => {
    const row = await write.trx
      .insertInto('tags')
      .values({ org_id: write.orgId, slug, name, is_system: 0, created_at: write.now, version })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTag(row);
  });
}

/**
 * A tag the application itself sets (`spam`): created as a system tag, or made one if a
 * teammate had already created a tag with that slug. System tags cannot be deleted.
 */
export async function ensureSystemTag(write: Write, slug: string, name: string): Promise<Tag> {
  const existing = await write.trx
    .selectFrom('tags')
    .selectAll()
    .where('org_id', '=', write.orgId)
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (existing?.is_system === 1) return toTag(existing);
  return write.change('tags', existing ? 'update' : 'insert', async (version) => {
    const row = existing
      ? await write.trx
          .updateTable('tags')
          .set({ is_system: 1, version })
          .where('org_id', '=', write.orgId)
          .where('slug', '=', slug)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await write.trx
          .insertInto('tags')
          .values({ org_id: write.orgId, slug, name, is_system: 1, created_at: write.now, version })
          .returningAll()
          .executeTakeFirstOrThrow();
    return toTag(row);
  });
}

/** The tag named so (case-insensitively, §5 tag names are unique) or with this slug; a name match first. */
export async function findTagByNameOrSlug(db: Kysely<Database>, orgId: number, name: string, slug: string): Promise<TagRow | undefined> {
  const rows = await db
    .selectFrom('tags')
    .selectAll()
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('slug', '=', slug), eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase())]))
    .execute();
  return rows.find((row) => row.name.toLowerCase() === name.trim().toLowerCase()) ?? rows[0];
}
