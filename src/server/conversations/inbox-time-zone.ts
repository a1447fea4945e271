import { DEFAULT_INBOX_TIME_ZONE, type InboxTerm } from '../../protocol/inbox-query/inbox-query';
import type { Db } from '../db/database';
import { readOrganizationHours } from '../organization/organization-model';

/**
 * The time zone an organization's inbox queries read `created:` days in: its business hours'
 * zone, UTC without hours (as the app reads its `business_hours` document). The organization's
 * row is read only when a term needs it.
 */
export async function inboxTimeZone(db: Db, orgId: number, terms: readonly InboxTerm[]): Promise<string> {
  if (!terms.some((term) => term.kind === 'created')) return DEFAULT_INBOX_TIME_ZONE;
  const row = await db.selectFrom('organizations').select('hours').where('id', '=', orgId).executeTakeFirst();
  return readOrganizationHours(row?.hours ?? null)?.timezone ?? DEFAULT_INBOX_TIME_ZONE;
}
