import { cpus } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inboxDatabaseName } from '../../src/client-db/inbox-database';
import { launchBrowser } from '../support/browser';
import { serverCpuSeconds, startSeededServer, type BenchServer } from './bench-server';
import { epochNow, sharedWorkerHeap, signedInContext, sleep, waitLive, type HeapUsage } from './browser-bench';
import type { BootstrapMeta } from '../../src/client-db/inbox-database';
import { frameFigures, liveSeenAt, plainPutInPage, readInPage, runInPage, type FrameFigures } from './page-probes';
import { mib, ms, report } from './stats';

const CONVERSATIONS = 10_000;
const MESSAGES_PER_CONVERSATION = 10;
/** The stores that hold the server's documents (the rest are the worker's bookkeeping). */
const DOCUMENT_STORES = ['conversations', 'messages', 'contacts', 'tags'];
const BOOTSTRAP_TIMEOUT_MS = 240_000;

type BootstrapRun = {
  bench: BenchServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  seedMs: number;
  /** Sign-in click → "Live" shown with every conversation in IndexedDB. */
  elapsedMs: number;
  /** When the sign-in button was clicked (epoch ms). */
  clickedAt: number;
  /** Sign-in click → the inbox URL (login request and client-side navigation). */
  signInMs: number;
  counts: Record<string, number>;
  documents: number;
  frames: FrameFigures;
  /** The same, from the worker's RESET (the bootstrap's first message) to "Live": without the login before it. */
  bootstrapFrames: FrameFigures | null;
  /** The SharedWorker's heap read right after the bootstrap ended, without forcing a GC. */
  heapAtEnd: HeapUsage;
  /** The worker's own record of it (the `bootstrap` meta row). */
  recorded: BootstrapMeta | null;
  /** CPU seconds the server process used from before the sign-in to "Live" (on the same cores as the browser here). */
  serverCpu: number;
};

/** A bootstrapped browser kept open by `bootstrap` for `worker-heap`; closed by releaseBootstrap(). */
let kept: BootstrapRun | null = null;

async function closeRun(run: { bench: BenchServer; browser: Browser | null }): Promise<void> {
  await run.browser?.close();
  await run.bench.server.stop();
}

/**
 * Seeds the organization, signs in through the login screen in a fresh context and waits until
 * the connection status reads "Live" (the worker sets it after READY's transaction commits) and
 * a raw IndexedDB count() finds every seeded conversation.
 */
async function bootstrapRun(): Promise<BootstrapRun> {
  const seedStarted = Date.now();
  const bench = await startSeededServer(CONVERSATIONS, MESSAGES_PER_CONVERSATION);
  const seedMs = Date.now() - seedStarted;
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser('chromium');
    // BENCH_TRACE=file.json: a Chromium trace of the whole run (every process), for chrome://tracing or Perfetto;
    // BENCH_TRACE_CATEGORIES=a,b to choose its categories (fewer disturb the run less).
    const tracePath = process.env['BENCH_TRACE'];
    const traceCategories = process.env['BENCH_TRACE_CATEGORIES']?.split(',') ?? ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'IndexedDB'];
    if (tracePath) await browser.startTracing(undefined, { path: tracePath, categories: traceCategories });
    const serverCpuBefore = await serverCpuSeconds(bench.server);
    const { context, page, signInClickedAt, inboxUrlAt } = await signedInContext(browser, bench, { frames: true }, false, true);
    const database = inboxDatabaseName(bench.seeded.slug);
    await waitLive(page, BOOTSTRAP_TIMEOUT_MS);
    const serverCpu = (await serverCpuSeconds(bench.server)) - serverCpuBefore;
    if (tracePath) await browser.stopTracing();
    let doneAt = (await liveSeenAt(page)) ?? epochNow();
    let counts = (await runInPage(page, readInPage, { database, stores: DOCUMENT_STORES })).counts;
    const deadline = Date.now() + 60_000;
    while ((counts['conversations'] ?? 0) < CONVERSATIONS) {
      // "Live" came before every conversation was stored: the bootstrap ends when they are.
      if (Date.now() > deadline) throw new Error(`Only ${JSON.stringify(counts)} stored a minute after "Live"`);
      await sleep(50);
      counts = (await runInPage(page, readInPage, { database, stores: DOCUMENT_STORES })).counts;
      doneAt = epochNow();
    }
    const heapAtEnd = (await sharedWorkerHeap(browser, false)).before;
    const recorded = (await runInPage(page, readInPage, { database, stores: [], row: { store: 'meta', key: 'bootstrap' } })).row as BootstrapMeta | null;
    const frames = await frameFigures(page, signInClickedAt, doneAt);
    const bootstrapFrames = recorded ? await frameFigures(page, recorded.received_at, doneAt) : null;
    const documents = Object.values(counts).reduce((sum, count) => sum + count, 0);
    return { bench, browser, context, page, seedMs, clickedAt: signInClickedAt, elapsedMs: doneAt - signInClickedAt, signInMs: inboxUrlAt - signInClickedAt, counts, documents, frames, bootstrapFrames, heapAtEnd, recorded, serverCpu };
  } catch (error) {
    await closeRun({ bench, browser });
    throw error;
  }
}

function perSecond(documents: number, elapsedMs: number): number {
  return documents / (elapsedMs / 1000);
}

/** 3. bootstrap: 10,000 conversations and 100,000 messages into IndexedDB, against a plain put. */
export async function benchBootstrap(): Promise<void> {
  await releaseBootstrap();
  const run = await bootstrapRun();
  try {
    const workerRate = perSecond(run.documents, run.elapsedMs);
    const stored = Object.entries(run.counts).map(([store, count]) => `${count} ${store}`).join(', ');
    console.log(`bootstrap (seeded ${CONVERSATIONS} conv. × ${MESSAGES_PER_CONVERSATION} messages in ${(run.seedMs / 1000).toFixed(1)} s; stored: ${stored})`);
    report('  worker: sign-in click → "Live"', {
      time: `${(run.elapsedMs / 1000).toFixed(2)} s`,
      docs: run.documents,
      rate: `${Math.round(workerRate)} docs/s`,
    });
    console.log(`    (includes the login — ${ms(run.signInMs)} to the inbox URL — SharedWorker start, socket, server reads, transfer and the worker's IndexedDB writes)`);

    const plain = await runInPage(run.page, plainPutInPage, { database: inboxDatabaseName(run.bench.seeded.slug), stores: DOCUMENT_STORES });
    const plainRate = perSecond(plain.documents, plain.putMs);
    report('  plain put, 1 transaction', {
      time: `${(plain.putMs / 1000).toFixed(2)} s`,
      docs: plain.documents,
      rate: `${Math.round(plainRate)} docs/s`,
    });
    console.log('    (plain IndexedDB put of the same documents, read back from the inbox database, into a scratch database with the same stores');
    console.log('     and indexes, in the page\'s main thread; timed from transaction() to its complete event)');
    report('  ratio, end to end / plain', { ratio: (workerRate / plainRate).toFixed(2) });
    const recorded = run.recorded;
    if (!recorded) throw new Error('The worker recorded no bootstrap (meta "bootstrap")');
    const ingestMs = recorded.ready_at - recorded.received_at;
    const ingestRate = perSecond(recorded.documents, ingestMs);
    report('  worker ingest: RESET received → READY committed', {
      time: `${(ingestMs / 1000).toFixed(2)} s`,
      docs: recorded.documents,
      rate: `${Math.round(ingestRate)} docs/s`,
      transactions: recorded.transactions,
      'inside them': `${(recorded.write_ms / 1000).toFixed(2)} s`,
    });
    console.log('    (the worker\'s record of the bootstrap: from its first message to READY\'s commit, with the server still sending; not the');
    console.log('     sign-in, page and worker start before it)');
    report('  ratio, worker ingest / plain', { ratio: (ingestRate / plainRate).toFixed(2) }, '≥ 0.8');
    report('  server CPU, sign-in → "Live"', { cpu: `${run.serverCpu.toFixed(2)} s`, 'of the machine': `${((run.serverCpu / ((run.elapsedMs / 1000) * cpus().length)) * 100).toFixed(0)} %` });
    console.log(`    (the server process, on the same ${cpus().length} cores as the browser here: its reads, JSON and compression; the plain put runs with it idle)`);
    const frameFiguresOf = (frames: FrameFigures) => ({
      'longest rAF gap': ms(frames.longest),
      'median gap': ms(frames.median),
      'gaps > 50 ms': frames.over50,
      'gaps > 100 ms': frames.over100,
      frames: frames.frames,
    });
    report('  tab, sign-in click → "Live"', frameFiguresOf(run.frames));
    console.log('    (intervals between requestAnimationFrame callbacks in the page: the login, the inbox\'s first render, the bootstrap;');
    console.log(`     gaps over 50 ms ended at ${run.frames.over50At.map((at) => `+${at}`).join(', ') || 'none'} ms after the click)`);
    if (run.bootstrapFrames) {
      report('  tab during bootstrap', frameFiguresOf(run.bootstrapFrames), 'no gap > 100 ms');
      console.log(`    (the same from the worker's RESET, ${ms(recorded.received_at - run.clickedAt)} after the click, to "Live")`);
      for (const cause of run.bootstrapFrames.over50Causes) {
        const what = cause.frames.length > 0 ? `: ${cause.frames.join('; ')}` : '';
        console.log(`    gap of ${cause.gap} ms ending +${cause.endedAt} ms: the page's own work ${cause.busy} ms of it${what}`);
      }
    }
    // The reference for the frames: the same documents written by a worker of this tab with
    // nothing else running (no server, socket or parsing), the floor of writing them at all here.
    const reference = await runInPage(run.page, plainPutInPage, { database: inboxDatabaseName(run.bench.seeded.slug), stores: DOCUMENT_STORES, inWorker: true });
    const referenceFrames = await frameFigures(run.page, reference.startedAt, reference.doneAt);
    report('  tab during a plain put in a worker', { time: `${(reference.putMs / 1000).toFixed(2)} s`, ...frameFiguresOf(referenceFrames) });
    console.log('    (the reference for the frames: the same documents put in one transaction by a dedicated worker of the same tab, with');
    console.log('     the server idle; a gap over 100 ms here comes from writing them at all on this machine, not from the bootstrap)');
    for (const cause of referenceFrames.over50Causes) console.log(`    gap of ${cause.gap} ms ending +${cause.endedAt} ms: the page's own work ${cause.busy} ms of it`);
    kept = run;
  } catch (error) {
    await closeRun(run);
    throw error;
  }
}

/** 4. worker-heap: the SharedWorker's JS heap after the bootstrap (the one `bootstrap` left open, else a new one). */
export async function benchWorkerHeap(): Promise<void> {
  const run = kept ?? (await bootstrapRun());
  kept = null;
  try {
    const heap = await sharedWorkerHeap(run.browser, true);
    console.log(`worker-heap (SharedWorker ${new URL(heap.url).pathname}, after bootstrapping ${run.documents} documents; CDP Runtime.getHeapUsage,`);
    console.log('  forced GC = HeapProfiler.collectGarbage; used = usedSize, total = totalSize)');
    report('  at "Live" (no forced GC)', { used: mib(run.heapAtEnd.usedSize), total: mib(run.heapAtEnd.totalSize) });
    report('  now (no forced GC)', { used: mib(heap.before.usedSize), total: mib(heap.before.totalSize) });
    if (heap.afterGc) report('  after forced GC', { used: mib(heap.afterGc.usedSize), total: mib(heap.afterGc.totalSize) });
  } finally {
    await closeRun(run);
  }
}

/** Closes what `bootstrap` kept open for `worker-heap` when that did not run. */
export async function releaseBootstrap(): Promise<void> {
  const run = kept;
  kept = null;
  if (run) await closeRun(run);
}
