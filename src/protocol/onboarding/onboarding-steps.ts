import { z } from 'zod';

/**
 * The seven onboarding steps (§9 "Onboarding total 7 steps"), in the order the checklist shows
 * them. Each is done by real state on the server, where it happens (the email confirmed, the
 * domain proven, an email stored, the widget's first page view, an invitation sent, business
 * hours saved, a snippet or article created); a click only skips or un-skips it.
 */
export const ONBOARDING_STEPS = [
  'confirm-email',
  'support-address',
  'first-email',
  'chat-widget',
  'invite-teammate',
  'business-hours',
  'snippet-or-article',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** §4: onboarding is shown while fewer than this many steps are recorded (done or skipped). */
export const ONBOARDING_STEP_COUNT = ONBOARDING_STEPS.length;

/** What `POST organization/onboarding/{step}/{state}` sets: a skip, or its undoing. Done comes only from real state. */
export const ONBOARDING_SETTABLE_STATES = ['skipped', 'todo'] as const;
export type OnboardingSettableState = (typeof ONBOARDING_SETTABLE_STATES)[number];

export type OnboardingState = 'done' | OnboardingSettableState;

/**
 * One step of the organization's checklist (synced collection `onboarding_steps`, keyed by the
 * step's name). A step nobody has touched has no document: it is to do.
 */
export type OnboardingStepDoc = {
  id: OnboardingStep;
  /** When its real state was first reached (epoch ms), or null. */
  done_at: number | null;
  /** When it was skipped, or null (never skipped, or un-skipped). */
  skipped_at: number | null;
  version: number;
};

/** Done wins over skipped: a skipped step that then happens is done. */
export function onboardingStateOf(doc: Pick<OnboardingStepDoc, 'done_at' | 'skipped_at'> | undefined): OnboardingState {
  if (doc?.done_at != null) return 'done';
  return doc?.skipped_at != null ? 'skipped' : 'todo';
}

/** Recorded steps (done or skipped), counted toward ONBOARDING_STEP_COUNT. */
export function recordedStepCount(docs: readonly Pick<OnboardingStepDoc, 'done_at' | 'skipped_at'>[]): number {
  return docs.filter((doc) => onboardingStateOf(doc) !== 'todo').length;
}

/** The path parameters of `POST organization/onboarding/{step}/{state}`. */
export const onboardingStepParams = z.object({
  step: z.enum(ONBOARDING_STEPS, { error: 'is not an onboarding step' }),
  state: z.enum(ONBOARDING_SETTABLE_STATES, { error: 'must be skipped or todo' }),
});

/** `POST organization/onboarding/test-email`: 202 with where it was sent and which way it travels. */
export type TestEmailResponse = { to: string; via: 'smtp' | 'webhook' };
