import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';

/** A job's handler in a worker: one structured-clonable input, one structured-clonable output. */
export type JobHandler = (input: never) => unknown;
export type JobHandlers = Record<string, JobHandler>;

/** Pool → worker: run one job (a worker runs one at a time). */
export type JobMessage = { job: string; input: unknown };

/** Worker → pool: loaded, or the outcome of the job it was given, with its heap after it. */
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'done'; output: unknown; heapUsed: number }
  | { type: 'failed'; error: string; heapUsed: number };

/**
 * The worker side of worker-pool.ts: runs each job it is sent with its handler and answers with
 * the result, or with the error's message when the handler throws. Says `ready` once loaded, so
 * the pool never counts the worker's start-up against a job's time limit.
 */
export function serveWorkerJobs(handlers: JobHandlers): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerJobs runs in a worker thread');
  port.on('message', (message: unknown) => {
    void runJob(handlers, message).then((reply) => {
      try {
        port.postMessage(reply);
      } catch (error) {
        port.postMessage(failed(`The job's result cannot be sent: ${messageOf(error)}`));
      }
    });
  });
  port.postMessage({ type: 'ready' } satisfies WorkerReply);
}

async function runJob(handlers: JobHandlers, message: unknown): Promise<WorkerReply> {
  if (!isJobMessage(message)) return failed('Not a job message');
  const handler = Object.hasOwn(handlers, message.job) ? handlers[message.job] : undefined;
  if (!handler) return failed(`No job named ${message.job}`);
  try {
    // The pool's types tie each job's input to its handler; the message itself carries unknown.
    const output = await (handler as (input: unknown) => unknown)(message.input);
    return { type: 'done', output, heapUsed: heapUsed() };
  } catch (error) {
    return failed(messageOf(error));
  }
}

function isJobMessage(message: unknown): message is JobMessage {
  return typeof message === 'object' && message !== null && 'job' in message && typeof message.job === 'string' && 'input' in message;
}

function failed(error: string): WorkerReply {
  return { type: 'failed', error, heapUsed: heapUsed() };
}

/** This worker's own V8 heap (process.memoryUsage() would count the whole process). */
function heapUsed(): number {
  return getHeapStatistics().used_heap_size;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
