import type { OnboardingStep } from '../../protocol/onboarding/onboarding-steps';
import { documentFrames, keyed } from '../realtime/organization-documents';
import type { ServerModule } from '../server-module';
import { toOnboardingStep } from './onboarding-model';
import { registerOnboardingRoutes } from './onboarding-routes';
import { createOnboardingTables } from './onboarding-tables';

export const onboardingModule = {
  migrations: { '0028-onboarding': (db) => createOnboardingTables(db) },
  routes: [registerOnboardingRoutes],
  readers: {
    onboarding_steps: ({ db, orgId, size }) =>
      documentFrames(
        'onboarding_steps',
        keyed(
          (after: string) =>
            db.selectFrom('onboarding_steps').selectAll().where('org_id', '=', orgId).where('step', '>', after as OnboardingStep).orderBy('step').limit(size).execute(),
          '',
          (row) => row.step,
          toOnboardingStep,
          size,
        ),
      ),
  },
} satisfies ServerModule;
