import { Worker } from 'node:worker_threads';
import type { JobHandler, JobHandlers, WorkerReply } from './serve-worker-jobs';

type JobInput<H extends JobHandler> = H extends (input: infer I) => unknown ? I : never;
type JobOutput<H extends JobHandler> = Awaited<ReturnType<H>>;

/**
 * Why a job has no result: it ran past the time limit (its worker was stopped), its worker
 * died (out of memory, or it could not start), the queue was full, the pool was closed, or the
 * handler threw.
 */
export type JobFailure = 'timeout' | 'crashed' | 'busy' | 'closed' | 'error';

export class WorkerJobFailed extends Error {
  constructor(
    readonly reason: JobFailure,
    message: string,
  ) {
    super(message);
  }
}

export type WorkerPoolOptions = {
  /** The worker's module (it calls serveWorkerJobs): built JavaScript, or TypeScript run through tsx. */
  entry: URL;
  /** Workers at most, each running one job at a time. */
  size: number;
  /** A job running longer is cut off: its worker is stopped and replaced. */
  timeLimitMs: number;
  /** Jobs waiting for a worker at most; more are refused as `busy`. */
  maxQueue: number;
  /** A worker with nothing to do for this long exits, so an idle pool holds no memory. */
  idleMs: number;
  /** A worker whose heap is larger than this after a job is replaced rather than reused. */
  recycleHeapBytes: number;
  /** A worker is replaced after this many jobs, whatever its heap. */
  maxJobsPerWorker: number;
  /** V8 old-space limit of each worker (MB): a job that needs more dies as `crashed`, not the server. */
  maxHeapMb: number;
};

export type WorkerPoolStats = {
  workers: number;
  busy: number;
  queued: number;
  /** Jobs finished since the pool started, by outcome. */
  finished: Record<'done' | JobFailure, number>;
};

export type WorkerPool<Jobs extends JobHandlers> = {
  /** Runs `job` in a worker; rejects with WorkerJobFailed when it gives no result. */
  run<K extends keyof Jobs & string>(job: K, input: JobInput<Jobs[K]>): Promise<JobOutput<Jobs[K]>>;
  stats(): WorkerPoolStats;
  /** Refuses what waits, stops every worker (a running job fails as `closed`). */
  close(): Promise<void>;
};

type Task = { job: string; input: unknown; resolve(output: unknown): void; reject(error: WorkerJobFailed): void };

type Slot = {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  jobs: number;
  timer: NodeJS.Timeout | null;
  /** Why the worker failed, from its `error` event, reported when it exits. */
  error: Error | null;
};

/**
 * A small pool of worker threads for work that must not run on the event loop. Workers start
 * when jobs need them, run one job at a time with a time limit, and are stopped and replaced
 * when a job overruns it; they are replaced too when their heap has grown or they have run many
 * jobs, and exit when idle, so memory goes back to where it was after a burst.
 */
export function createWorkerPool<Jobs extends JobHandlers>(options: WorkerPoolOptions): WorkerPool<Jobs> {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  const finished: WorkerPoolStats['finished'] = { done: 0, timeout: 0, crashed: 0, busy: 0, closed: 0, error: 0 };
  let closed = false;

  const fail = (task: Task, reason: JobFailure, message: string) => {
    finished[reason] += 1;
    task.reject(new WorkerJobFailed(reason, message));
  };

  const retire = (slot: Slot) => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    clearSlotTimer(slot);
    return slot.worker.terminate().then(() => undefined);
  };

  const rest = (slot: Slot) => {
    clearSlotTimer(slot);
    slot.timer = setTimeout(() => void retire(slot), options.idleMs);
    slot.timer.unref();
  };

  const assign = (slot: Slot, task: Task) => {
    clearSlotTimer(slot);
    slot.task = task;
    slot.timer = setTimeout(() => {
      slot.task = null;
      void retire(slot);
      fail(task, 'timeout', `The ${task.job} job ran longer than ${options.timeLimitMs} ms and was stopped.`);
      pump();
    }, options.timeLimitMs);
    try {
      slot.worker.postMessage({ job: task.job, input: task.input });
    } catch (error) {
      slot.task = null;
      rest(slot);
      fail(task, 'error', `The ${task.job} job's input cannot be sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const spawn = () => {
    const slot: Slot = { worker: startWorker(options), ready: false, task: null, jobs: 0, timer: null, error: null };
    slots.push(slot);
    slot.worker.unref();
    slot.worker.on('message', (reply: WorkerReply) => onReply(slot, reply));
    slot.worker.on('error', (error) => (slot.error = error));
    slot.worker.on('exit', (code) => onExit(slot, code));
  };

  const onReply = (slot: Slot, reply: WorkerReply) => {
    if (reply.type === 'ready') {
      slot.ready = true;
      rest(slot);
      pump();
      return;
    }
    const task = slot.task;
    if (!task) return;
    slot.task = null;
    slot.jobs += 1;
    if (reply.type === 'done') {
      finished.done += 1;
      task.resolve(reply.output);
    } else {
      fail(task, 'error', reply.error);
    }
    if (reply.heapUsed > options.recycleHeapBytes || slot.jobs >= options.maxJobsPerWorker) void retire(slot);
    else rest(slot);
    pump();
  };

  const onExit = (slot: Slot, code: number) => {
    if (!slots.includes(slot)) return;
    void retire(slot);
    const why = slot.error?.message ?? `exit code ${code}`;
    if (slot.task) fail(slot.task, 'crashed', `The worker running the ${slot.task.job} job stopped: ${why}`);
    // A worker that cannot even start would be restarted for ever: refuse what waits instead.
    if (!slot.ready) for (const task of queue.splice(0)) fail(task, 'crashed', `The worker could not start: ${why}`);
    pump();
  };

  const pump = () => {
    for (;;) {
      const task = queue[0];
      if (!task || closed) return;
      const idle = slots.find((slot) => slot.ready && slot.task === null);
      if (idle) {
        queue.shift();
        assign(idle, task);
        continue;
      }
      const starting = slots.filter((slot) => !slot.ready).length;
      if (slots.length >= options.size || starting >= queue.length) return;
      spawn();
    }
  };

  return {
    run(job, input) {
      return new Promise((resolve, reject) => {
        const task: Task = { job, input, resolve, reject };
        if (closed) fail(task, 'closed', 'The worker pool is closed.');
        else if (queue.length >= options.maxQueue) fail(task, 'busy', `More than ${options.maxQueue} jobs are waiting.`);
        else {
          queue.push(task);
          pump();
        }
      });
    },
    stats() {
      return { workers: slots.length, busy: slots.filter((slot) => slot.task !== null).length, queued: queue.length, finished: { ...finished } };
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) fail(task, 'closed', 'The worker pool is closed.');
      // A copy: retire takes each slot out of `slots`.
      const stopping = [...slots].map((slot) => {
        if (slot.task) fail(slot.task, 'closed', 'The worker pool is closed.');
        slot.task = null;
        return retire(slot);
      });
      await Promise.all(stopping);
    },
  };
}

function clearSlotTimer(slot: Slot): void {
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = null;
}

function startWorker(options: WorkerPoolOptions): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: options.maxHeapMb };
  if (!options.entry.pathname.endsWith('.ts')) return new Worker(options.entry, { resourceLimits });
  // Run from source (tsx, the tests): Node 20 does not carry the parent's `--import tsx` into a
  // worker, so the worker registers tsx's loader itself before importing its TypeScript entry.
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(options.entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}
