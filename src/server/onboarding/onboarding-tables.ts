import type { Kysely, Selectable } from 'kysely';
import type { OnboardingStep } from '../../protocol/onboarding/onboarding-steps';

/**
 * The organization's onboarding checklist, one row per recorded step (§3 organization
 * `onboarding`, §9): when its real state was reached and when it was skipped. A step without a
 * row is to do. The organization's `onboarding` map is rewritten from these rows in the same
 * write (onboarding-writes.ts).
 */
export interface OnboardingStepsTable {
  org_id: number;
  step: OnboardingStep;
  done_at: number | null;
  skipped_at: number | null;
  version: number;
}

export type OnboardingStepRow = Selectable<OnboardingStepsTable>;

declare module '../db/database' {
  interface Database {
    onboarding_steps: OnboardingStepsTable;
  }
}

/** Migration 0028. */
export async function createOnboardingTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onboarding_steps')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .addColumn('skipped_at', 'bigint')
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('onboarding_steps_primary_key', ['org_id', 'step'])
    .execute();
}
