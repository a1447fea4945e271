import { TRIAL_DAYS } from '../../protocol/constants';
import type { Db } from '../db/database';
import { ConfigError } from '../config-error';

/**
 * Who runs this install. `self-hosted` (the default): the team runs its own server, so every
 * organization is premium, with no trial. `hosted`: a service that offers the inbox to others;
 * a new organization starts on a TRIAL_DAYS trial (§3 `is_premium`, `trial_ends_at`).
 */
export type Hosting = 'self-hosted' | 'hosted';

const DAY_MS = 24 * 3600_000;

export function parseHosting(value: string | undefined): Hosting {
  const raw = value?.trim() || 'self-hosted';
  if (raw !== 'self-hosted' && raw !== 'hosted') throw new ConfigError('HOSTING must be self-hosted or hosted');
  return raw;
}

/** The plan a new organization starts on. */
export function initialPlan(hosting: Hosting, now: number): { is_premium: 0 | 1; trial_ends_at: number | null } {
  return hosting === 'self-hosted' ? { is_premium: 1, trial_ends_at: null } : { is_premium: 0, trial_ends_at: now + TRIAL_DAYS * DAY_MS };
}

/**
 * On a self-hosted install, organizations made while it ran as `hosted` (or before plans followed
 * the install) become premium at start; answers how many changed. A hosted install changes nothing:
 * its plans are the service's business.
 */
export async function applyHostingPlan(db: Db, hosting: Hosting): Promise<number> {
  if (hosting !== 'self-hosted') return 0;
  const result = await db.updateTable('organizations').set({ is_premium: 1, trial_ends_at: null }).where('is_premium', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
