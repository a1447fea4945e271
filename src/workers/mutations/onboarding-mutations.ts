import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { documentIn, putting } from './answer-documents';
import type { MutationDefinitions } from './mutation-definition';
import { requestTo } from './route-request';

const isStepDoc = (value: Record<string, unknown>) => typeof value['id'] === 'string' && 'skipped_at' in value && typeof value['version'] === 'number';

/**
 * The onboarding checklist: skipping a step and un-skipping it, in one lane so a quick skip and
 * un-skip reach the server in order. Done is never set here: it comes from the server's real state.
 */
export const onboardingMutations = {
  'set-onboarding-step': {
    lanes: () => ['onboarding'],
    targets: (input) => [{ col: 'onboarding_steps', id: input.step }],
    patch: {
      onboarding_steps: (doc, input, { now }) => ({
        id: input.step,
        done_at: doc?.done_at ?? null,
        skipped_at: input.state === 'skipped' ? (doc?.skipped_at ?? now) : null,
        version: doc?.version ?? 0,
      }),
    },
    request: (input) => requestTo(MUTATION_ROUTES['set-onboarding-step'], { step: input.step, state: input.state }),
    answer: (body) => {
      const doc = documentIn(body, isStepDoc);
      return doc ? putting('onboarding_steps', [doc]) : null;
    },
    sample: {
      seed: { onboarding_steps: [{ id: 'chat-widget', done_at: null, skipped_at: null, version: 3 }] },
      input: { kind: 'set-onboarding-step', step: 'chat-widget', state: 'skipped' },
    },
  },
} satisfies MutationDefinitions<'set-onboarding-step'>;
