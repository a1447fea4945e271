import type { Kysely } from 'kysely';
import type { Database, Db, JobRow } from '../db/database';
import type { DialectName } from '../db/open-database';

export type JobKind = 'deliver_message';

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

/** Cancels the jobs of this kind for `ref` that have not run; resolves to how many. */
export async function cancelJobs(trx: Kysely<Database>, job: { orgId: number; kind: JobKind; ref: string; now: number }): Promise<number> {
  const result = await trx
    .updateTable('jobs')
    .set({ cancelled_at: job.now })
    .where('org_id', '=', job.orgId)
    .where('kind', '=', job.kind)
    .where('ref', '=', job.ref)
    .where('done_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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
