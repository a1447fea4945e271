import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db, JobRow } from '../db/database';
import type { DialectName } from '../db/open-database';
import { claimDueJobs, failJob, releaseJobs, type JobKind } from './job-queries';

/** Does one job. It must mark the job done in the same transaction as its effect (completeJob). */
export type JobHandler = (job: JobRow) => Promise<void>;

export type JobRunner = {
  /** Starts polling; call once the database is migrated. */
  start(): void;
  /** Stops claiming and waits for the job in hand, so the database can close after it. */
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
  /** How long a claimed job is this instance's before another may claim it again. */
  leaseMs?: number;
  batchSize?: number;
};

const RETRY_STEP_MS = 5_000;
const RETRY_CAP_MS = 5 * 60_000;

/**
 * Runs due jobs of the `jobs` table. States: stopped → idle (a timer set for the next poll or
 * wake) → running (one batch) → idle … → stopped. Only one batch runs at a time; a wake while
 * running runs another batch right after.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, dialect, clock, handlers, log, pollMs } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const batchSize = options.batchSize ?? 20;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    const at = clock() + Math.max(0, delayMs);
    if (timer && at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(tick, Math.max(0, delayMs));
  };

  const runJob = async (job: JobRow) => {
    const handler = handlers[job.kind as JobKind] as JobHandler | undefined;
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(job);
    } catch (error) {
      const retryInMs = Math.min(RETRY_STEP_MS * 2 ** Math.max(0, job.attempts - 1), RETRY_CAP_MS);
      log.error({ err: error, job: { id: job.id, kind: job.kind, ref: job.ref, attempts: job.attempts } }, 'Job failed');
      await failJob(db, job.id, error instanceof Error ? error.message : String(error), clock() + retryInMs);
    }
  };

  const runBatch = async (): Promise<boolean> => {
    const jobs = await claimDueJobs(db, dialect, { now: clock(), leaseMs, limit: batchSize });
    for (const [index, job] of jobs.entries()) {
      if (stopped) {
        // Stopping: hand the rest back at once rather than leaving them leased to a dead process.
        await releaseJobs(db, jobs.slice(index).map((rest) => rest.id));
        break;
      }
      await runJob(job);
    }
    return jobs.length === batchSize;
  };

  function tick() {
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = runBatch()
      .then(
        (full) => full,
        (error: unknown) => {
          log.error({ err: error }, 'Claiming jobs failed');
          return false;
        },
      )
      .then((full) => {
        running = undefined;
        schedule(full || again ? 0 : pollMs);
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
      await running;
    },
    wake(runAt) {
      schedule(runAt - clock());
    },
  };
}
