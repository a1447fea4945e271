import { z } from 'zod';
import type { Organization } from '../../protocol/api/models';
import { fromLegacyHours, organizationHoursSchema, type OrganizationHours } from '../../protocol/hours/hours-model';
import type { OrganizationRow } from './organization-tables';
import { withPublicHolidays } from '../../protocol/hours/public-holidays';
import { readJsonColumn } from '../db/json-column';
import { fromSqlBoolean } from '../db/sql-boolean';

const onboardingSchema = z.record(z.string(), z.boolean());
const legacyHoursSchema = z.object({
  timezone: z.string(),
  days: z.array(z.object({ open: z.string(), close: z.string() }).nullable()),
});
/** The hours column: the current model, or the older `{timezone, days}` read as it; anything else is none. */
const hoursSchema: z.ZodType<OrganizationHours | null> = z.union([
  organizationHoursSchema,
  legacyHoursSchema.transform(fromLegacyHours),
  z.null(),
]);

/**
 * The organization's business hours as stored (organizations.hours), in the current model, with
 * their country's public holidays resolved around `at` (what the schedule functions read).
 */
export function readOrganizationHours(text: string | null, at = new Date()): (OrganizationHours & { public_holidays: string[] }) | null {
  const hours = readJsonColumn(text, hoursSchema, null);
  return hours ? withPublicHolidays(hours, at) : null;
}

export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    is_premium: fromSqlBoolean(row.is_premium),
    trial_ends_at: row.trial_ends_at,
    onboarding: readJsonColumn(row.onboarding, onboardingSchema, {}),
    hours: readOrganizationHours(row.hours),
    is_custom_data_enabled: fromSqlBoolean(row.is_custom_data_enabled),
    created_at: row.created_at,
  };
}
