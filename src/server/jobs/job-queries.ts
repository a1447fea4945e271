import type { Kysely, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database, Db, JobRow } from '../db/database';
import type { DialectName } from '../db/open-database';

export type JobKind = 'deliver_message' | 'wake_conversation' | 'push_notification' | 'email_digest';

export async function scheduleJob(
  trx: Kysely<Database>,
  job: { orgId: number; kind: JobKind; ref: string; runAt: number; now: number },
): Promise<void> {
  await trx
    .insertInto('jobs')
    .values({
      org_id: job.orgId,
      kind: job.kind,
      ref: job.ref,
      run_at: job.runAt,
      locked_until: null,
      attempts: 0,
      done_at: null,
      cancelled_at: null,
      last_error: null,
      created_at: job.now,
    })
    .execute();
}

type JobRef = { orgId: number; kind: JobKind; ref: string; now: number };

/**
 * Cancels the jobs of this kind for `ref` that no runner has ever claimed; resolves to how many.
 * A job once claimed (attempts > 0) may have done its work already, even if its process died
 * before recording it, so it is not cancelled. On PostgreSQL the update waits for a claim in
 * progress and then sees its attempts.
 */
export async function cancelJobs(trx: Kysely<Database>, job: JobRef): Promise<number> {
  const result = await unclaimed(trx.updateTable('jobs').set({ cancelled_at: job.now }), job).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Brings the unclaimed jobs of this kind for `ref` forward to `runAt` (never later than they
 * were); resolves to how many.
 */
export async function advanceJobs(trx: Kysely<Database>, job: JobRef & { runAt: number }): Promise<number> {
  const result = await unclaimed(trx.updateTable('jobs').set({ run_at: job.runAt }), job).where('run_at', '>', job.runAt).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

type JobsUpdate = UpdateQueryBuilder<Database, 'jobs', 'jobs', UpdateResult>;

function unclaimed(query: JobsUpdate, job: JobRef): JobsUpdate {
  return query
    .where('org_id', '=', job.orgId)
    .where('kind', '=', job.kind)
    .where('ref', '=', job.ref)
    .where('attempts', '=', 0)
    .where('done_at', 'is', null)
    .where('cancelled_at', 'is', null);
}

/**
 * Claims due jobs for `leaseMs`: one statement, so two claimers never get the same job. On
 * PostgreSQL, rows another instance is claiming right now are skipped rather than waited for.
 * A claimed job whose process died is claimed again once its lease has passed.
 */
export async function claimDueJobs(db: Db, dialect: DialectName, options: { now: number; leaseMs: number; limit: number }): Promise<JobRow[]> {
  const { now } = options;
  return db
    .updateTable('jobs')
    .set((eb) => ({ locked_until: now + options.leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('jobs')
        .select('id')
        .where('done_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('run_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
        .orderBy('run_at')
        .limit(options.limit);
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      return due;
    })
    .returningAll()
    .execute();
}

/** Marks a job done; false when it was done or cancelled meanwhile (then nothing may happen). */
export async function completeJob(trx: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('jobs')
    .set({ done_at: now, locked_until: null })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A failed attempt: the job runs again at `retryAt`. */
export async function failJob(db: Db, id: number, error: string, retryAt: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ last_error: error.slice(0, 1000), locked_until: retryAt })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .execute();
}

/** Gives claimed jobs back before their lease ends. */
export async function releaseJobs(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('jobs').set({ locked_until: null }).where('id', 'in', ids).where('done_at', 'is', null).execute();
}

export async function countPendingJobs(db: Db, kind: JobKind): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('kind', '=', kind)
    .where('done_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
