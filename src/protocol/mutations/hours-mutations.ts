import { route } from '../api/route';
import { organizationHoursSchema } from '../hours/hours-model';
import type { MutationEntries } from './mutation-entry';

/**
 * Business hours (§2 `hours`, §7 `POST organization/hours`, no role needed §6): the whole
 * schedule and its auto-replies, saved at once.
 */
export const HOURS_MUTATIONS = {
  'save-business-hours': { route: route('POST', 'organization/hours'), args: organizationHoursSchema },
} satisfies MutationEntries;
