import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db, JobRow } from '../db/database';
import type { DialectName } from '../db/open-database';
import { claimJobs, failJob, findDueJobs, JOB_LANES, releaseJobs, renewLeases, type JobKind, type JobLane } from './job-queries';
import { pickFairly, type LaneLimits } from './job-slots';

/** Does one job. It must mark the job done in the same transaction as its effect (completeJob). */
export type JobHandler = (job: JobRow) => Promise<void>;

export type JobRunner = {
  /** Starts polling; call once the database is migrated. */
  start(): void;
  /** Stops claiming and waits for the jobs in hand, so the database can close after them. */
  stop(): Promise<void>;
  /** A job was just scheduled for `runAt` (epoch ms): look for due jobs then, not only at the next poll. */
  wake(runAt: number): void;
};

export type JobRunnerOptions = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  handlers: Record<JobKind, JobHandler>;
  log: FastifyBaseLogger;
  /** How often due jobs are looked for (jobs scheduled by other instances are found this way). */
  pollMs: number;
  /** How long a claimed job is this instance's before another may claim it again; renewed while it runs. */
  leaseMs?: number;
  /** How many jobs of each lane run at once here, and how many of them one organization may hold. */
  lanes?: Partial<Record<JobLane, LaneLimits>>;
};

/**
 * Held replies and snoozes: a few at once per organization. Pushes and digests: an organization
 * whose push services never answer holds two slots at most, and never a delivery slot.
 */
export const DEFAULT_LANES: Readonly<Record<JobLane, LaneLimits>> = {
  delivery: { slots: 8, perOrg: 3 },
  notification: { slots: 8, perOrg: 2 },
  rules: { slots: 4, perOrg: 2 },
};

const RETRY_STEP_MS = 5_000;
const RETRY_CAP_MS = 5 * 60_000;

type Lane = { name: JobLane; kinds: readonly JobKind[]; limits: LaneLimits; running: Set<number>; byOrg: Map<number, number> };

/**
 * Runs due jobs of the `jobs` table. States: stopped → idle (a timer set for the next poll or
 * wake) → claiming (filling each lane's free slots) → idle … → stopped. Claimed jobs run at
 * once, side by side up to their lane's slots; one that ends frees its slot and claims again.
 * A running job's lease is renewed every third of `leaseMs`, so a slow job is never claimed by
 * another instance while it runs.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, dialect, clock, handlers, log, pollMs } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const lanes: Lane[] = (Object.keys(JOB_LANES) as JobLane[]).map((name) => ({
    name,
    kinds: JOB_LANES[name],
    limits: options.lanes?.[name] ?? DEFAULT_LANES[name],
    running: new Set(),
    byOrg: new Map(),
  }));
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let claiming: Promise<void> | undefined;
  let again = false;
  const inFlight = new Set<Promise<void>>();
  let renewTimer: NodeJS.Timeout | undefined;
  let renewing: Promise<void> = Promise.resolve();

  const schedule = (delayMs: number) => {
    if (stopped) return;
    const at = clock() + Math.max(0, delayMs);
    if (timer && at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(tick, Math.max(0, delayMs));
  };

  const renew = () => {
    const ids = lanes.flatMap((lane) => [...lane.running]);
    renewing = renewing.then(() => renewLeases(db, ids, clock() + leaseMs)).catch((error: unknown) => log.error({ err: error }, 'Renewing job leases failed'));
  };

  const untrack = (lane: Lane, job: JobRow) => {
    lane.running.delete(job.id);
    const left = (lane.byOrg.get(job.org_id) ?? 1) - 1;
    if (left > 0) lane.byOrg.set(job.org_id, left);
    else lane.byOrg.delete(job.org_id);
  };

  const runJob = async (lane: Lane, job: JobRow) => {
    const handler = handlers[job.kind as JobKind] as JobHandler | undefined;
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(job);
      untrack(lane, job);
    } catch (error) {
      untrack(lane, job);
      const retryInMs = Math.min(RETRY_STEP_MS * 2 ** Math.max(0, job.attempts - 1), RETRY_CAP_MS);
      log.error({ err: error, job: { id: job.id, kind: job.kind, ref: job.ref, attempts: job.attempts } }, 'Job failed');
      // A renewal on its way must not land after the retry time and postpone it.
      await renewing;
      await failJob(db, job.id, error instanceof Error ? error.message : String(error), clock() + retryInMs).catch((failure: unknown) =>
        log.error({ err: failure, job: { id: job.id } }, 'Recording a failed job failed'),
      );
    }
  };

  const begin = (lane: Lane, job: JobRow) => {
    lane.running.add(job.id);
    lane.byOrg.set(job.org_id, (lane.byOrg.get(job.org_id) ?? 0) + 1);
    renewTimer ??= setInterval(renew, Math.max(1, Math.floor(leaseMs / 3)));
    const done: Promise<void> = runJob(lane, job).finally(() => {
      inFlight.delete(done);
      if (inFlight.size === 0) {
        clearInterval(renewTimer);
        renewTimer = undefined;
      }
      schedule(0);
    });
    inFlight.add(done);
  };

  /** Fills each lane's free slots; true when some due job was taken by another instance meanwhile (look again). */
  const fill = async (): Promise<boolean> => {
    let lookAgain = false;
    for (const lane of lanes) {
      const free = lane.limits.slots - lane.running.size;
      if (free <= 0 || stopped) continue;
      const now = clock();
      const due = await findDueJobs(db, { now, kinds: lane.kinds, perOrg: lane.limits.perOrg, limit: lane.limits.slots * (lane.limits.perOrg + 1) });
      const picked = pickFairly(due, lane.byOrg, lane.limits, free);
      const claimed = await claimJobs(db, dialect, picked, { now, leaseMs });
      if (stopped) {
        // Stopping: hand them back at once rather than leaving them leased to a dead process.
        await releaseJobs(db, claimed.map((job) => job.id));
        return false;
      }
      for (const job of claimed) begin(lane, job);
      if (claimed.length < picked.length) lookAgain = true;
    }
    return lookAgain;
  };

  function tick() {
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    again = false;
    claiming = fill()
      .catch((error: unknown) => {
        log.error({ err: error }, 'Claiming jobs failed');
        return false;
      })
      .then((lookAgain) => {
        claiming = undefined;
        schedule(lookAgain || again ? 0 : pollMs);
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await claiming;
      await Promise.all([...inFlight]);
      clearInterval(renewTimer);
      renewTimer = undefined;
      await renewing;
    },
    wake(runAt) {
      schedule(runAt - clock());
    },
  };
}
