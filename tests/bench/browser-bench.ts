// Helpers for the benchmarks that drive the built app in Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BenchServer } from './bench-server';
import { installProbesInContext, type ProbeOptions } from './page-probes';

/** Wall-clock milliseconds with sub-millisecond resolution (the same clock as a page's timeOrigin + now()). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A fresh context with the page probes installed, signed in as the seeded owner through the login screen. */
export async function signedInContext(
  browser: Browser,
  bench: BenchServer,
  probes: ProbeOptions,
  waitForLive = true,
  /** Let the bench's own scripts start a worker from a blob: URL (the app's CSP allows only its own). */
  bypassCSP = false,
): Promise<{ context: BrowserContext; page: Page; signInClickedAt: number; inboxUrlAt: number }> {
  // BENCH_SERVICE_WORKERS=block: without the app's service worker (its install precaches the build), to measure its share.
  const serviceWorkers = process.env['BENCH_SERVICE_WORKERS'] === 'block' ? 'block' : 'allow';
  const context = await browser.newContext({ baseURL: bench.server.url, serviceWorkers, bypassCSP });
  await installProbesInContext(context, probes);
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(bench.seeded.ownerEmail);
  await page.getByLabel('Password').fill(bench.seeded.password);
  // Timed here, not through signInAsOwner: the click is the start of the bootstrap figure.
  const signInClickedAt = epochNow();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/${bench.seeded.slug}/conversations**`, { timeout: 30_000 });
  const inboxUrlAt = epochNow();
  if (waitForLive) await waitLive(page, 60_000);
  return { context, page, signInClickedAt, inboxUrlAt };
}

export async function waitLive(page: Page, timeoutMs: number): Promise<void> {
  await page.getByTestId('connection-status').filter({ hasText: 'Live' }).waitFor({ timeout: timeoutMs });
}

/** Opens one conversation in the page and waits until its thread is shown and the tab is live. */
export async function openConversation(page: Page, slug: string, id: number): Promise<void> {
  await page.goto(`/${slug}/conversations/view/${id}`);
  await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Add tag').waitFor({ timeout: 30_000 });
  await waitLive(page, 30_000);
}

/**
 * The page's wall clock (timeOrigin + now) minus this process's, estimated from the evaluate
 * round trip with the smallest duration; `uncertainty` is half that round trip.
 */
export async function clockOffset(page: Page): Promise<{ offset: number; uncertainty: number }> {
  let best = { offset: 0, uncertainty: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 15; i++) {
    const before = epochNow();
    const inPage = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = epochNow();
    const uncertainty = (after - before) / 2;
    if (uncertainty < best.uncertainty) best = { offset: inPage - (before + uncertainty), uncertainty };
  }
  return best;
}

export type HeapUsage = { usedSize: number; totalSize: number; embedderHeapUsedSize?: number; backingStorageSize?: number };
export type WorkerHeap = { url: string; before: HeapUsage; afterGc: HeapUsage | null };

/**
 * The JS heap of the browser's one SharedWorker, through CDP (Runtime.getHeapUsage, then
 * optionally again after HeapProfiler.collectGarbage). Playwright's CDPSession sends only
 * to its own target, so the worker is attached in non-flat mode and spoken to with
 * Target.sendMessageToTarget / Target.receivedMessageFromTarget over a browser session.
 */
export async function sharedWorkerHeap(browser: Browser, collectGarbage: boolean): Promise<WorkerHeap> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const workers = targetInfos.filter((target) => target.type === 'shared_worker');
    const worker = workers[0];
    if (!worker || workers.length > 1) {
      throw new Error(`expected one shared_worker target, found ${workers.length}: ${targetInfos.map((t) => t.type).join(', ')}`);
    }
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
    let nextId = 0;
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
    const call = async <T>(method: string, params: Record<string, unknown> = {}): Promise<T> => {
      const id = ++nextId;
      const answer = new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        setTimeout(() => reject(new Error(`${method}: no answer from the worker in 30 s`)), 30_000).unref();
      });
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
      return (await answer) as T;
    };
    const before = await call<HeapUsage>('Runtime.getHeapUsage');
    let afterGc: HeapUsage | null = null;
    if (collectGarbage) {
      await call('HeapProfiler.collectGarbage');
      afterGc = await call<HeapUsage>('Runtime.getHeapUsage');
    }
    await cdp.send('Target.detachFromTarget', { sessionId });
    return { url: worker.url, before, afterGc };
  } finally {
    await cdp.detach();
  }
}
