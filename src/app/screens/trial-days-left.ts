import type { Organization } from '../../protocol/api/models';

const DAY_MS = 24 * 3600_000;

/** Whole days of trial left (rounded up, never negative), or null when no trial applies (§4). */
export function trialDaysLeft(organization: Pick<Organization, 'is_premium' | 'trial_ends_at'>, now: number): number | null {
  if (organization.is_premium || organization.trial_ends_at === null) return null;
  return Math.max(0, Math.ceil((organization.trial_ends_at - now) / DAY_MS));
}
