import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEP_COUNT, onboardingStateOf, onboardingStepParams, recordedStepCount } from '../../../../src/protocol/onboarding/onboarding-steps';

describe('onboarding steps', () => {
  it('has the seven steps of §9', () => {
    expect(ONBOARDING_STEP_COUNT).toBe(7);
  });

  it('a step without a document is to do; done wins over skipped', () => {
    expect(onboardingStateOf(undefined)).toBe('todo');
    expect(onboardingStateOf({ done_at: null, skipped_at: null })).toBe('todo');
    expect(onboardingStateOf({ done_at: null, skipped_at: 5 })).toBe('skipped');
    expect(onboardingStateOf({ done_at: 7, skipped_at: 5 })).toBe('done');
  });

  it('counts done and skipped steps as recorded, and nothing else', () => {
    expect(recordedStepCount([{ done_at: 1, skipped_at: null }, { done_at: null, skipped_at: 2 }, { done_at: null, skipped_at: null }])).toBe(2);
  });

  it('the route takes a known step and only skipped or todo: done comes from the server', () => {
    expect(onboardingStepParams.safeParse({ step: 'chat-widget', state: 'skipped' }).success).toBe(true);
    expect(onboardingStepParams.safeParse({ step: 'chat-widget', state: 'done' }).success).toBe(false);
    expect(onboardingStepParams.safeParse({ step: 'Chat-Widget', state: 'todo' }).success).toBe(false);
  });
});
