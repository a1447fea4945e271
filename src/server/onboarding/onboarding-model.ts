import type { OnboardingStepDoc } from '../../protocol/onboarding/onboarding-steps';
import type { OnboardingStepRow } from './onboarding-tables';

export function toOnboardingStep(row: OnboardingStepRow): OnboardingStepDoc {
  return { id: row.step, done_at: row.done_at, skipped_at: row.skipped_at, version: row.version };
}

/**
 * The organization's `onboarding` map (§3): every recorded step, true when done, false when
 * skipped; a step to do is absent, so its size is the count §4 compares with 7.
 */
export function onboardingMap(rows: readonly OnboardingStepRow[]): Record<string, boolean> {
  const map: Record<string, boolean> = {};
  for (const row of rows) {
    if (row.done_at !== null) map[row.step] = true;
    else if (row.skipped_at !== null) map[row.step] = false;
  }
  return map;
}
