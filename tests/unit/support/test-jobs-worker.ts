// A worker for the worker-pool tests: jobs that answer, throw, never stop, or outgrow their heap.
import { serveWorkerJobs } from '../../../src/server/content/serve-worker-jobs';

serveWorkerJobs({
  echo: (input: string) => input,
  fail: (message: string) => {
    throw new Error(message);
  },
  /** Keeps the thread busy without ever yielding, like a parser stuck in a pathological input. */
  spin: () => {
    for (let turn = 0; ; turn += 1) if (turn < 0) return turn;
  },
  /** Holds ever more memory until the worker's heap limit stops it. */
  hoard: () => {
    const held: string[] = [];
    for (;;) held.push('x'.repeat(1024) + String(held.length));
  },
});
