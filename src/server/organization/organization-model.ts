import { z } from 'zod';
import type { OpeningHours, Organization } from '../../protocol/api/models';
import type { OrganizationRow } from './organization-tables';
import { readJsonColumn } from '../db/json-column';
import { fromSqlBoolean } from '../db/sql-boolean';

const onboardingSchema = z.record(z.string(), z.boolean());
const hoursSchema: z.ZodType<OpeningHours | null> = z
  .object({
    timezone: z.string(),
    days: z.array(z.object({ open: z.string(), close: z.string() }).nullable()),
  })
  .nullable();

export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    is_premium: fromSqlBoolean(row.is_premium),
    trial_ends_at: row.trial_ends_at,
    onboarding: readJsonColumn(row.onboarding, onboardingSchema, {}),
    hours: readJsonColumn(row.hours, hoursSchema, null),
    is_custom_data_enabled: fromSqlBoolean(row.is_custom_data_enabled),
    created_at: row.created_at,
  };
}
