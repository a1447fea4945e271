import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerJobFailed, type WorkerPool, type WorkerPoolOptions } from '../../../../src/server/content/worker-pool';

type TestJobs = {
  echo: (input: string) => string;
  fail: (message: string) => never;
  spin: (input: null) => never;
  hoard: (input: null) => never;
};

const ENTRY = new URL('../../support/test-jobs-worker.ts', import.meta.url);
const pools: WorkerPool<TestJobs>[] = [];

function pool(options: Partial<WorkerPoolOptions> = {}): WorkerPool<TestJobs> {
  const created = createWorkerPool<TestJobs>({
    entry: ENTRY,
    size: 1,
    timeLimitMs: 10_000,
    maxQueue: 100,
    idleMs: 60_000,
    recycleHeapBytes: 512 * 1024 * 1024,
    maxJobsPerWorker: 1_000,
    maxHeapMb: 256,
    ...options,
  });
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

async function failureOf(promise: Promise<unknown>): Promise<WorkerJobFailed> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof WorkerJobFailed)) throw new Error(`Expected a WorkerJobFailed, got ${String(error)}`);
  return error;
}

describe('the worker pool', { timeout: 30_000 }, () => {
  it('runs jobs in a worker and gives their results, in turn when there are more jobs than workers', async () => {
    const jobs = pool();
    expect(await Promise.all(['a', 'b', 'c'].map((input) => jobs.run('echo', input)))).toEqual(['a', 'b', 'c']);
    expect(jobs.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, finished: { done: 3 } });
  });

  it('a job over the time limit is cut off and the pool still works afterwards', async () => {
    const jobs = pool({ timeLimitMs: 300 });
    const stuck = await failureOf(jobs.run('spin', null));
    expect(stuck.reason).toBe('timeout');
    expect(stuck.message).toBe('The spin job ran longer than 300 ms and was stopped.');
    expect(await jobs.run('echo', 'after')).toBe('after');
    expect(jobs.stats().finished).toMatchObject({ timeout: 1, done: 1 });
  });

  it('a job that throws fails with its message; one that outgrows its heap fails as crashed; neither stops the pool', async () => {
    const jobs = pool({ maxHeapMb: 32 });
    expect(await failureOf(jobs.run('fail', 'bad input'))).toMatchObject({ reason: 'error', message: 'bad input' });
    expect((await failureOf(jobs.run('hoard', null))).reason).toBe('crashed');
    expect(await jobs.run('echo', 'still here')).toBe('still here');
  });

  it('workers are replaced once their heap has grown, and exit when idle', async () => {
    const recycled = pool({ recycleHeapBytes: 1 });
    expect(await recycled.run('echo', 'x')).toBe('x');
    expect(recycled.stats().workers).toBe(0);
    expect(await recycled.run('echo', 'y')).toBe('y');

    const idle = pool({ idleMs: 100 });
    expect(await idle.run('echo', 'z')).toBe('z');
    await expect.poll(() => idle.stats().workers, { timeout: 5_000 }).toBe(0);
    expect(await idle.run('echo', 'again')).toBe('again');
  });

  it('refuses jobs beyond its queue, and every job once closed', async () => {
    const jobs = pool({ maxQueue: 1, size: 2 });
    const first = jobs.run('echo', 'first');
    expect((await failureOf(jobs.run('echo', 'second'))).reason).toBe('busy');
    expect(await first).toBe('first');

    const running = [failureOf(jobs.run('spin', null)), failureOf(jobs.run('spin', null))];
    await expect.poll(() => jobs.stats().busy, { timeout: 10_000 }).toBe(2);
    await jobs.close();
    expect((await Promise.all(running)).map((failure) => failure.reason)).toEqual(['closed', 'closed']);
    expect((await failureOf(jobs.run('echo', 'late'))).reason).toBe('closed');
    expect(jobs.stats().workers).toBe(0);
  });

  it('a worker that cannot start fails the jobs waiting for it instead of restarting for ever', async () => {
    const jobs = pool({ entry: new URL('./support/no-such-worker.ts', import.meta.url) });
    expect((await failureOf(jobs.run('echo', 'x'))).reason).toBe('crashed');
  });
});
