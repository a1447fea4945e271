import type { FastifyInstance } from 'fastify';
import { organizationHoursSchema } from '../../protocol/hours/hours-model';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import type { AppContext } from '../app-context';
import { requireSession } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { businessHoursChanged } from '../rules/rule-waits';
import { runMutation } from '../mutations/run-mutation';
import { recordOnboardingStep } from '../onboarding/onboarding-writes';
import { saveBusinessHours } from './hours-writes';

/**
 * `POST organization/hours` (§7): any agent of the organization may set its business hours (§6
 * "no role requirement: … business hours"); the body is validated with the same schema the
 * screen uses, so its field errors (overlaps, bad times, unknown zone or country) match.
 */
export function registerHoursRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, MUTATION_ROUTES['save-business-hours'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      const saved = await saveBusinessHours(write, caller.agent.id, parseInput(organizationHoursSchema, request.body));
      // The onboarding checklist's "set business hours" step (§9), in the same transaction.
      await recordOnboardingStep(write, caller.organization.id, 'business-hours');
      // Waiting rules that count business hours end on the new schedule (issue 37, rules).
      await businessHoursChanged(write);
      return saved;
    }),
  );
}
