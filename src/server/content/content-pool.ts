import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { CleanHtml, CleanHtmlInput } from './clean-html';
import type { ContentConfig } from './content-config';
import type { CleanHtmlFileInput, HtmlJobs } from './html-jobs';
import { HTML_NOTICES } from './html-limits';
import { limitText } from './limit-text';
import type { JobHandlers } from './serve-worker-jobs';
import { createWorkerPool, WorkerJobFailed, type WorkerPool, type WorkerPoolOptions, type WorkerPoolStats } from './worker-pool';

/**
 * The one door for customer content: every path that parses a raw message or customer HTML
 * (inbound SMTP, the inbound webhook, and whatever comes next, such as knowledge-base articles)
 * goes through it, so none of that work runs on the event loop or without a time limit.
 * `Jobs` are the domains' parsers its workers serve beside its own HTML jobs (a domain names
 * those it needs, src/server/content-jobs.ts lists them all), so content/ names no domain.
 */
export type ContentPool<Jobs extends JobHandlers = NoJobs> = {
  /** Runs a domain's job (a raw message's parse); rejects with WorkerJobFailed when it gives no result. */
  run: WorkerPool<Jobs>['run'];
  /**
   * Customer HTML made fit to show (clean-html.ts). A job that runs out of time or dies is
   * retried for the text alone; if that fails too, the given text is kept. Either way the result
   * carries a notice. Rejects only when the pool is full or closed (WorkerJobFailed `busy` or
   * `closed`): the caller should try again later.
   */
  cleanHtml(input: CleanHtmlInput | CleanHtmlFileInput): Promise<CleanHtml>;
  stats(): WorkerPoolStats;
  close(): Promise<void>;
};

/** A pool that runs the HTML jobs only. */
type NoJobs = Record<never, never>;

/**
 * The server's worker entry, beside main: src/server/content-worker.ts when the server runs from
 * source (tsx), content-worker.js when it runs from the build, where this code is bundled into
 * dist/server/main.js and scripts/build-server.mjs emits the worker next to it.
 */
const WORKER_ENTRY = new URL(import.meta.url.endsWith('.ts') ? '../content-worker.ts' : './content-worker.js', import.meta.url);

const POOL_TUNING = {
  maxQueue: 200,
  idleMs: 30_000,
  recycleHeapBytes: 64 * 1024 * 1024,
  maxJobsPerWorker: 1_000,
  maxHeapMb: 512,
} as const satisfies Partial<WorkerPoolOptions>;

/** `Jobs` is the caller's word for what the worker at `entry` serves beside the HTML jobs. */
export function createContentPool<Jobs extends JobHandlers = NoJobs>(config: ContentConfig, log: FastifyBaseLogger, entry: URL = WORKER_ENTRY): ContentPool<Jobs> {
  if (!existsSync(fileURLToPath(entry))) throw new Error(`The content worker is missing at ${fileURLToPath(entry)}: build the server with npm run build`);
  const pool = createWorkerPool<HtmlJobs & Jobs>({ ...POOL_TUNING, entry, size: config.workers, timeLimitMs: config.timeLimitMs });
  const html: WorkerPool<HtmlJobs> = pool;
  const domains: WorkerPool<Jobs> = pool;
  const clean = (input: CleanHtmlInput | CleanHtmlFileInput) => ('htmlPath' in input ? html.run('cleanHtmlFile', input) : html.run('cleanHtml', input));
  return {
    run: (job, input) => domains.run(job, input),
    async cleanHtml(input) {
      try {
        return await clean(input);
      } catch (error) {
        if (!isContentFailure(error)) throw error;
        log.warn({ reason: error.reason, err: error }, 'Cleaning HTML failed; keeping its text only');
      }
      try {
        return await clean({ ...input, textOnly: true });
      } catch (error) {
        if (!isContentFailure(error)) throw error;
        log.warn({ reason: error.reason, err: error }, 'Taking the text of HTML failed too');
        return { html: null, text: limitText(input.text?.trim() ?? ''), notice: HTML_NOTICES.timeout };
      }
    },
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/** A failure of the content itself (too slow, too big for a worker, or a parser's error), not of the pool. */
function isContentFailure(error: unknown): error is WorkerJobFailed {
  return error instanceof WorkerJobFailed && (error.reason === 'timeout' || error.reason === 'crashed' || error.reason === 'error');
}
