import type { Db } from '../db/database';
import type { OrganizationRow } from './organization-tables';

export function findOrganizationById(db: Db, id: number): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrganizationBySlug(db: Db, slug: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('slug', '=', slug).executeTakeFirst();
}
