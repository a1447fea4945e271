import type { Kysely, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database, Db, JobRow } from '../db/database';
import type { DialectName } from '../db/open-database';

export type JobKind = 'deliver_message' | 'wake_conversation' | 'push_notification' | 'email_digest' | 'rule_wait';

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
 * Which pool of the runner a kind of job runs in. A held reply or a snooze ending is what an
 * agent waits for; a push or a digest goes to services that may be slow or never answer, so
 * they never take the slots of the first.
 */
export type JobLane = 'delivery' | 'notification' | 'rules';

export const JOB_LANES: Readonly<Record<JobLane, readonly JobKind[]>> = {
  delivery: ['deliver_message', 'wake_conversation'],
  notification: ['push_notification', 'email_digest'],
  // Time-based rules (issue 37): many may fall due at once (a rule enabled over a full inbox), never ahead of a held reply.
  rules: ['rule_wait'],
};

/** A due job that may be claimed: its id and organization. */
export type DueJob = { id: number; orgId: number };

/**
 * Due, unclaimed jobs of `kinds`, at most `perOrg` of each organization, the organizations
 * interleaved: every organization's oldest due job comes before any organization's second, so
 * one organization with many due jobs does not hide another's. Nothing is locked: claimJobs
 * takes them.
 */
export async function findDueJobs(db: Db, options: { now: number; kinds: readonly JobKind[]; perOrg: number; limit: number }): Promise<DueJob[]> {
  const { now } = options;
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('jobs')
        .select(['id', 'org_id', 'run_at'])
        .select((inner) => inner.fn.agg<number>('row_number').over((over) => over.partitionBy('org_id').orderBy('run_at').orderBy('id')).as('place'))
        .where('done_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('run_at', '<=', now)
        .where('kind', 'in', [...options.kinds])
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
        .as('due'),
    )
    .select(['id', 'org_id'])
    .where('place', '<=', options.perOrg)
    .orderBy('place')
    .orderBy('run_at')
    .orderBy('id')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), orgId: Number(row.org_id) }));
}

/**
 * Claims these jobs for `leaseMs` if they are still due and unclaimed: one statement, so two
 * claimers never get the same job. On PostgreSQL, rows another instance is claiming right now
 * are skipped rather than waited for. A claimed job whose process died is claimed again once
 * its lease has passed; a running job's lease is renewed (renewLeases) so it never does.
 */
export async function claimJobs(db: Db, dialect: DialectName, ids: readonly number[], options: { now: number; leaseMs: number }): Promise<JobRow[]> {
  if (ids.length === 0) return [];
  const { now } = options;
  return db
    .updateTable('jobs')
    .set((eb) => ({ locked_until: now + options.leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('jobs')
        .select('id')
        .where('id', 'in', [...ids])
        .where('done_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('run_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]));
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      return due;
    })
    .returningAll()
    .execute();
}

/** Keeps running jobs this instance's: their leases end at `until` now. */
export async function renewLeases(db: Db, ids: readonly number[], until: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ locked_until: until })
    .where('id', 'in', [...ids])
    .where('done_at', 'is', null)
    .where('cancelled_at', 'is', null)
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
