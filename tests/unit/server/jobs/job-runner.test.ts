import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobRow } from '../../../../src/server/db/database';
import { migrateToLatest } from '../../../../src/server/server-migrations';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/open-database';
import { completeJob, scheduleJob, type JobKind } from '../../../../src/server/jobs/job-queries';
import { createJobRunner, type JobHandler, type JobRunner } from '../../../../src/server/jobs/job-runner';

/** The runner on a real SQLite file, with handlers the test holds and lets go. */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<DatabaseHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'job-runner-'));
  const handle = openDatabase({ databaseUrl: null, dataDir: dir });
  await migrateToLatest(handle);
  // The jobs here belong to organizations that exist only as numbers.
  await sql`pragma foreign_keys = off`.execute(handle.db);
  cleanups.push(async () => {
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return handle;
}

const errors: unknown[] = [];
const noop = () => undefined;
const log: FastifyBaseLogger = { level: 'silent', fatal: noop, error: (entry: unknown) => void errors.push(entry), warn: noop, info: noop, debug: noop, trace: noop, silent: noop, child: () => log };

/** A handler whose jobs wait until let go (and from then on do not wait); it counts the jobs it has held at once. */
function heldHandler(handle: DatabaseHandle) {
  const waiting: (() => void)[] = [];
  const started: JobRow[] = [];
  let holding = true;
  let running = 0;
  let most = 0;
  const handler: JobHandler = async (job) => {
    started.push(job);
    running += 1;
    most = Math.max(most, running);
    if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
    await completeJob(handle.db, job.id, Date.now());
    running -= 1;
  };
  const letGo = () => {
    holding = false;
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { handler, started, most: () => most, letGo };
}

function quickHandler(handle: DatabaseHandle, done: JobRow[]): JobHandler {
  return async (job) => {
    await completeJob(handle.db, job.id, Date.now());
    done.push(job);
  };
}

function runner(handle: DatabaseHandle, handlers: Partial<Record<JobKind, JobHandler>>, options: { leaseMs?: number } = {}): JobRunner {
  const fail: JobHandler = (job) => Promise.reject(new Error(`unexpected ${job.kind}`));
  const jobs = createJobRunner({
    db: handle.db,
    dialect: handle.dialect,
    clock: Date.now,
    log,
    pollMs: 25,
    ...options,
    lanes: { delivery: { slots: 4, perOrg: 2 }, notification: { slots: 3, perOrg: 2 } },
    handlers: { deliver_message: fail, wake_conversation: fail, push_notification: fail, email_digest: fail, rule_wait: fail, ...handlers },
  });
  cleanups.push(() => jobs.stop());
  return jobs;
}

async function schedule(handle: DatabaseHandle, orgId: number, kind: JobKind, count = 1): Promise<void> {
  const now = Date.now();
  for (let index = 0; index < count; index++) await scheduleJob(handle.db, { orgId, kind, ref: `${orgId}-${index}`, runAt: now, now });
}

describe('background jobs shared by every organization', () => {
  it('an organization whose pushes hang holds its share of the slots; another organization’s push and held reply run at once', async () => {
    const handle = await database();
    const hanging = heldHandler(handle);
    const delivered: JobRow[] = [];
    await schedule(handle, 1, 'push_notification', 6);
    const jobs = runner(handle, {
      push_notification: async (job) => (job.org_id === 1 ? hanging.handler(job) : quickHandler(handle, delivered)(job)),
      deliver_message: quickHandler(handle, delivered),
    });
    jobs.start();
    await vi.waitFor(() => expect(hanging.started).toHaveLength(2), { timeout: 5_000 });
    await schedule(handle, 2, 'deliver_message');
    await schedule(handle, 3, 'push_notification');
    await vi.waitFor(() => expect(delivered.map((job) => [job.org_id, job.kind]).sort()).toEqual([[2, 'deliver_message'], [3, 'push_notification']]), { timeout: 5_000 });
    expect(hanging.started).toHaveLength(2);
    expect(hanging.most()).toBe(2);

    // Once its push service answers, organization 1's other pushes run, still two at a time.
    hanging.letGo();
    await vi.waitFor(async () => expect(await handle.db.selectFrom('jobs').select('id').where('done_at', 'is', null).execute()).toEqual([]), { timeout: 5_000 });
    expect(hanging.most()).toBe(2);
    expect(new Set(hanging.started.map((job) => job.id)).size).toBe(6);
    expect(errors).toEqual([]);
  });

  it('a job that runs longer than its lease is not claimed again, by this runner or another on the same database', async () => {
    const handle = await database();
    const slow = heldHandler(handle);
    await schedule(handle, 1, 'deliver_message');
    const first = runner(handle, { deliver_message: slow.handler }, { leaseMs: 150 });
    const second = runner(handle, { deliver_message: slow.handler }, { leaseMs: 150 });
    first.start();
    second.start();
    await vi.waitFor(() => expect(slow.started).toHaveLength(1), { timeout: 5_000 });
    // Five leases long: without renewals, a runner would claim it again after the first.
    await new Promise((resolve) => setTimeout(resolve, 750));
    expect(slow.started).toHaveLength(1);
    const [row] = await handle.db.selectFrom('jobs').select(['attempts', 'locked_until']).execute();
    expect(row?.attempts).toBe(1);
    expect(Number(row?.locked_until)).toBeGreaterThan(Date.now());
    slow.letGo();
    await vi.waitFor(async () => expect((await handle.db.selectFrom('jobs').select('done_at').executeTakeFirst())?.done_at).not.toBeNull(), { timeout: 5_000 });
    expect(slow.started).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
