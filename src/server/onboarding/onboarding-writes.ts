import type { OnboardingSettableState, OnboardingStep, OnboardingStepDoc } from '../../protocol/onboarding/onboarding-steps';
import { writeJsonColumn } from '../db/json-column';
import type { Db } from '../db/database';
import { runWrite, type Write, type WriteDeps } from '../realtime/write-transaction';
import { onboardingMap, toOnboardingStep } from './onboarding-model';
import type { OnboardingStepRow, OnboardingStepsTable } from './onboarding-tables';

function findStep(write: Write, step: OnboardingStep): Promise<OnboardingStepRow | undefined> {
  return write.trx.selectFrom('onboarding_steps').selectAll().where('org_id', '=', write.orgId).where('step', '=', step).executeTakeFirst();
}

/** Writes a step's row with its feed row, and the organization's `onboarding` map from all its rows. */
async function saveStep(write: Write, step: OnboardingStep, existing: OnboardingStepRow | undefined, values: Pick<OnboardingStepsTable, 'done_at' | 'skipped_at'>): Promise<OnboardingStepDoc> {
  const doc = await write.change('onboarding_steps', existing ? 'update' : 'insert', async (version) => {
    const row = existing
      ? await write.trx.updateTable('onboarding_steps').set({ ...values, version }).where('org_id', '=', write.orgId).where('step', '=', step).returningAll().executeTakeFirstOrThrow()
      : await write.trx.insertInto('onboarding_steps').values({ org_id: write.orgId, step, ...values, version }).returningAll().executeTakeFirstOrThrow();
    return toOnboardingStep(row);
  });
  const rows = await write.trx.selectFrom('onboarding_steps').selectAll().where('org_id', '=', write.orgId).execute();
  await write.trx.updateTable('organizations').set({ onboarding: writeJsonColumn(onboardingMap(rows)) }).where('id', '=', write.orgId).execute();
  return doc;
}

/**
 * Ticks a step because its real state was reached (the email confirmed, a domain proven, an
 * email stored, …), inside the write transaction of the change that reached it, so the tick
 * and its cause commit together and reach every tab through the change feed. A step already
 * done writes nothing: only the first time counts. Any route may call it.
 */
export async function recordOnboardingStep(write: Write, organizationId: number, step: OnboardingStep): Promise<void> {
  if (organizationId !== write.orgId) throw new Error('recordOnboardingStep: the write belongs to another organization');
  const existing = await findStep(write, step);
  if (existing?.done_at != null) return;
  await saveStep(write, step, existing, { done_at: write.now, skipped_at: existing?.skipped_at ?? null });
}

/** Whether a step is done already: a cheap read before opening a write for a change that happens often (a widget's page view). */
export async function isOnboardingStepDone(db: Db, organizationId: number, step: OnboardingStep): Promise<boolean> {
  const row = await db.selectFrom('onboarding_steps').select('done_at').where('org_id', '=', organizationId).where('step', '=', step).executeTakeFirst();
  return row?.done_at != null;
}

/**
 * For a change written outside a feed write (an agent's row, a domain's verification, a page
 * view): ticks the step in a write of its own, unless it is done already.
 */
export async function recordOnboardingStepNow(deps: WriteDeps, organizationId: number, step: OnboardingStep): Promise<void> {
  if (await isOnboardingStepDone(deps.db, organizationId, step)) return;
  await runWrite(deps, { orgId: organizationId }, (write) => recordOnboardingStep(write, organizationId, step));
}

/** `POST organization/onboarding/{step}/{state}`: skips a step or un-skips it; a done step stays done. */
export async function setOnboardingStep(write: Write, step: OnboardingStep, state: OnboardingSettableState): Promise<OnboardingStepDoc> {
  const existing = await findStep(write, step);
  const skippedAt = state === 'skipped' ? (existing?.skipped_at ?? write.now) : null;
  if (existing && existing.skipped_at === skippedAt) return toOnboardingStep(existing);
  return saveStep(write, step, existing, { done_at: existing?.done_at ?? null, skipped_at: skippedAt });
}
