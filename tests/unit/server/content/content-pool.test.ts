import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createContentPool, type ContentPool } from '../../../../src/server/content/content-pool';
import { HTML_NOTICES } from '../../../../src/server/content/html-limits';
import { WorkerJobFailed } from '../../../../src/server/content/worker-pool';

const SLOW_WORKER = new URL('../../support/slow-content-worker.ts', import.meta.url);
const pools: ContentPool[] = [];

function pool(entry?: URL): ContentPool {
  const created = createContentPool({ workers: 1, timeLimitMs: 500 }, Fastify().log, entry);
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

describe('the content pool', { timeout: 30_000 }, () => {
  it('cleans HTML in a worker', async () => {
    expect(await pool().cleanHtml({ html: '<p onclick="x()">Hi <b>there</b></p>' })).toEqual({ html: '<p>Hi <b>there</b></p>', text: 'Hi there', notice: null });
  });

  it('HTML whose cleaning runs out of time is kept as its text with a notice, and the pool goes on', async () => {
    const slow = pool(SLOW_WORKER);
    // The text-only retry succeeds.
    expect(await slow.cleanHtml({ html: '<p>Hello <b>there</b></p>' })).toEqual({ html: null, text: 'Hello there', notice: HTML_NOTICES.timeout });
    // Both tries run out of time: the message's own text is kept.
    expect(await slow.cleanHtml({ html: '<p>never</p>', text: 'The plain part' })).toEqual({ html: null, text: 'The plain part', notice: HTML_NOTICES.timeout });
    expect(slow.stats().finished).toMatchObject({ timeout: 3, done: 1 });
  });

  it('a closed pool is not the fault of the HTML: the caller is told to try again later', async () => {
    const closed = pool();
    await closed.close();
    const failure = await closed.cleanHtml({ html: '<p>x</p>' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WorkerJobFailed);
    expect(failure).toMatchObject({ reason: 'closed' });
  });
});
