import type { FastifyInstance } from 'fastify';
import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { onboardingStepParams, type TestEmailResponse } from '../../protocol/onboarding/onboarding-steps';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { setOnboardingStep } from './onboarding-writes';
import { sendTestEmail } from './send-test-email';

/** The onboarding checklist (§7 `organization/onboarding/{step}/{state}`): any agent, no role (§6). */
export function registerOnboardingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, MUTATION_ROUTES['set-onboarding-step'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { step, state } = parseInput(onboardingStepParams, request.params);
      return setOnboardingStep(write, step, state);
    }),
  );

  registerRoute(app, REST_ROUTES.onboardingTestEmail, { preHandler }, async (request, reply): Promise<TestEmailResponse> => {
    const sent = await sendTestEmail(ctx, signedIn(request).agent);
    reply.code(201);
    return sent;
  });
}
