import type { BusinessHoursDocument } from '../../protocol/documents';
import type { OrganizationHours } from '../../protocol/hours/hours-model';
import { withPublicHolidays } from '../../protocol/hours/public-holidays';
import { writeJsonColumn } from '../db/json-column';
import type { Write } from '../realtime/write-transaction';
import { toHoursDocument } from './hours-document';

/**
 * `POST organization/hours` (§7): the organization's hours, whole, with the document's feed row,
 * so every tab of the organization receives them. The organization's `hours` column holds them
 * (§3; signed-in answers carry it), business_hours the document's version.
 */
export async function saveBusinessHours(write: Write, agentId: number, hours: OrganizationHours): Promise<BusinessHoursDocument> {
  return write.change('business_hours', 'update', async (version) => {
    await write.trx.updateTable('organizations').set({ hours: writeJsonColumn(hours) }).where('id', '=', write.orgId).execute();
    const state = { version, updated_by: agentId, updated_at: write.now };
    await write.trx
      .insertInto('business_hours')
      .values({ org_id: write.orgId, ...state })
      .onConflict((conflict) => conflict.column('org_id').doUpdateSet(state))
      .execute();
    return toHoursDocument(withPublicHolidays(hours, new Date(write.now)), state);
  });
}
