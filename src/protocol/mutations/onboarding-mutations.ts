import { route } from '../api/route';
import { onboardingStepParams } from '../onboarding/onboarding-steps';
import type { MutationEntries } from './mutation-entry';

/** The onboarding checklist (§7 `organization/onboarding/{step}/{state}`, no role): skip a step, or un-skip it. */
export const ONBOARDING_MUTATIONS = {
  'set-onboarding-step': { route: route('POST', 'organization/onboarding/:step/:state'), args: onboardingStepParams },
} satisfies MutationEntries;
