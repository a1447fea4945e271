import { useLiveQuery } from 'dexie-react-hooks';
import {
  ONBOARDING_STEP_COUNT,
  ONBOARDING_STEPS,
  onboardingStateOf,
  type OnboardingState,
  type OnboardingStep,
  type OnboardingStepDoc,
} from '../../../protocol/onboarding/onboarding-steps';
import { useInboxDb } from '../../sync/sync-context';

export type OnboardingView = {
  steps: { step: OnboardingStep; state: OnboardingState; doc: OnboardingStepDoc | undefined }[];
  done: number;
  /** Done or skipped (§4 counts these). */
  recorded: number;
  total: number;
  /** §4: shown while fewer than every step is recorded. */
  isOpen: boolean;
};

/** The checklist as the device holds it (the `onboarding_steps` collection, live); undefined while it is read. */
export function useOnboarding(): OnboardingView | undefined {
  const db = useInboxDb();
  const docs = useLiveQuery(() => db.onboarding_steps.toArray(), [db]);
  if (docs === undefined) return undefined;
  const byStep = new Map(docs.map((doc) => [doc.id, doc]));
  const steps = ONBOARDING_STEPS.map((step) => {
    const doc = byStep.get(step);
    return { step, state: onboardingStateOf(doc), doc };
  });
  const done = steps.filter((entry) => entry.state === 'done').length;
  const recorded = steps.filter((entry) => entry.state !== 'todo').length;
  return { steps, done, recorded, total: ONBOARDING_STEP_COUNT, isOpen: recorded < ONBOARDING_STEP_COUNT };
}
