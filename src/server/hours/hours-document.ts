import { BUSINESS_HOURS_ID, type BusinessHoursDocument } from '../../protocol/documents';
import type { OrganizationHours } from '../../protocol/hours/hours-model';
import type { Db } from '../db/database';
import { readOrganizationHours } from '../organization/organization-model';

/** The organization's business hours document (documents.ts BusinessHoursDocument). */
export function toHoursDocument(hours: OrganizationHours | null, state: { version: number; updated_by: number | null; updated_at: number } | undefined): BusinessHoursDocument {
  return {
    id: BUSINESS_HOURS_ID,
    hours,
    updated_by: state?.updated_by ?? null,
    updated_at: state ? Number(state.updated_at) : null,
    version: state ? Number(state.version) : 0,
  };
}

/** The organization's hours as stored (organizations.hours, older shapes read as the current one). */
export async function readHours(db: Db, orgId: number): Promise<OrganizationHours | null> {
  const row = await db.selectFrom('organizations').select('hours').where('id', '=', orgId).executeTakeFirst();
  return readOrganizationHours(row?.hours ?? null);
}

/** The document as the bootstrap sends it: every organization has one, hours or not. */
export async function readHoursDocument(db: Db, orgId: number): Promise<BusinessHoursDocument> {
  const [hours, state] = await Promise.all([
    readHours(db, orgId),
    db.selectFrom('business_hours').selectAll().where('org_id', '=', orgId).executeTakeFirst(),
  ]);
  return toHoursDocument(hours, state);
}
