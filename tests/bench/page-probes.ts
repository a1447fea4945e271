// Code that runs inside the benchmarked pages. Playwright sends a function's source text to the
// page; tsx (esbuild keepNames) wraps inner functions in `__name(...)` calls that do not exist
// there, so every function here is sent through `pageScript`, which defines a no-op `__name`.
import type { BrowserContext, Page } from 'playwright-core';

/** When a watched marker text was first painted, and the last Enter keydown before it. */
export type PaintMark = {
  /** performance.timeOrigin + performance.now() in the first requestAnimationFrame after the mutation. */
  epoch: number;
  /** The same moment as performance.now() of the page. */
  local: number;
  /** performance.now() in the MutationObserver callback that saw the marker (the DOM change, before paint). */
  domAt: number;
  /** performance.now() of the last Enter keydown in the "Add tag" field (capturing listener), or null. */
  keyAt: number | null;
};

export type FrameFigures = {
  frames: number;
  longest: number;
  median: number;
  over50: number;
  over100: number;
  /** When each gap over 50 ms ended, in ms after `from` (which part of the run they belong to). */
  over50At: number[];
  /** Each gap over 50 ms, with what the page's main thread ran in it (long animation frames). */
  over50Causes: GapCause[];
};

/**
 * A gap between frames over 50 ms and the long animation frames (LoAF, over 50 ms of work) that
 * overlap it, each summed up in `frames`: `busy` is their work within the gap; the rest of the gap the page's main thread ran
 * nothing of its own (it waited for a CPU, the compositor or the GPU process).
 */
export type GapCause = { endedAt: number; gap: number; busy: number; frames: string[] };

export type ProbeOptions = {
  /** Run a requestAnimationFrame loop recording every frame interval (for the bootstrap). */
  frames: boolean;
};

type Probes = {
  watch(marker: string): void;
  painted(marker: string, timeoutMs: number): Promise<PaintMark | null>;
  /** Frame intervals (performance.now() between consecutive rAF callbacks) ending within [from, to] (epoch ms). */
  frames(from: number, to: number): FrameFigures;
  /** Epoch ms at which the connection status first read "Live" in this document, or null. */
  liveAt(): number | null;
  /**
   * Epoch ms of the document's last pointerdown (its event timestamp: when the browser took the
   * press, before any of the page's handlers ran), or null. Playwright's click() reaches the
   * page some frames after it is called: it waits for the element to be visible and stable.
   */
  pressedAt(): number | null;
};

type ProbeWindow = { __benchProbes?: Probes };

/** Installed into every document of a context before its own scripts run. */
export function installProbes(options: ProbeOptions): void {
  const host = window as unknown as ProbeWindow;
  if (host.__benchProbes) return;
  const epoch = () => performance.timeOrigin + performance.now();
  const marks = new Map<string, Promise<PaintMark>>();
  let keyAt: number | null = null;
  let liveAt: number | null = null;
  let pressedAt: number | null = null;
  const frameEnds: number[] = [];
  const frameGaps: number[] = [];
  type Loaf = { start: number; end: number; summary: string };
  const loafs: Loaf[] = [];

  window.addEventListener(
    'keydown',
    (event) => {
      const target = event.target;
      if (event.key !== 'Enter' || !(target instanceof HTMLInputElement)) return;
      if ([...(target.labels ?? [])].some((label) => label.textContent?.trim() === 'Add tag')) keyAt = performance.now();
    },
    true,
  );

  window.addEventListener('pointerdown', (event) => (pressedAt = performance.timeOrigin + event.timeStamp), true);

  const checkLive = () => {
    if (liveAt !== null) return;
    const status = document.querySelector('[data-testid="connection-status"]');
    if (status?.textContent?.includes('Live')) liveAt = epoch();
  };
  new MutationObserver(checkLive).observe(document, { childList: true, subtree: true, characterData: true });

  if (options.frames) {
    let last: number | null = null;
    const tick = () => {
      const now = performance.now();
      if (last !== null) {
        frameEnds.push(performance.timeOrigin + now);
        frameGaps.push(now - last);
      }
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    // Long animation frames, with the scripts that ran in them (Chromium's LoAF API).
    type LoafScript = { invoker: string; sourceFunctionName: string; sourceURL: string; sourceCharPosition: number; duration: number };
    type LoafEntry = PerformanceEntry & { scripts?: LoafScript[]; styleAndLayoutStart?: number; renderStart?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LoafEntry[]) {
        const end = entry.startTime + entry.duration;
        const scripts = entry.scripts ?? [];
        const scriptMs = scripts.reduce((sum, script) => sum + script.duration, 0);
        const top = [...scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((script) => `${script.invoker || '?'} (${script.sourceFunctionName || '?'} in ${script.sourceURL.split('/').pop() || '?'}:${script.sourceCharPosition}) ${Math.round(script.duration)} ms`);
        const styleAndLayout = entry.styleAndLayoutStart ? end - entry.styleAndLayoutStart : 0;
        const render = entry.renderStart ? end - entry.renderStart : 0;
        const parts = [`scripts ${Math.round(scriptMs)} ms${top.length > 0 ? ` [${top.join(', ')}]` : ''}`, `render ${Math.round(render)} ms (style and layout ${Math.round(styleAndLayout)})`];
        loafs.push({ start: performance.timeOrigin + entry.startTime, end: performance.timeOrigin + end, summary: `frame of ${Math.round(entry.duration)} ms: ${parts.join(', ')}` });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  }

  const holds = (node: Node, marker: string) => (node.textContent ?? '').includes(marker);

  host.__benchProbes = {
    watch(marker) {
      marks.set(
        marker,
        new Promise<PaintMark>((resolve) => {
          const observer = new MutationObserver((records) => {
            const seen = records.some((record) =>
              record.type === 'characterData' ? holds(record.target, marker) : [...record.addedNodes].some((node) => holds(node, marker)),
            );
            if (!seen) return;
            observer.disconnect();
            const domAt = performance.now();
            requestAnimationFrame(() => {
              const local = performance.now();
              resolve({ epoch: performance.timeOrigin + local, local, domAt, keyAt });
            });
          });
          observer.observe(document, { childList: true, subtree: true, characterData: true });
        }),
      );
    },
    painted(marker, timeoutMs) {
      const mark = marks.get(marker);
      if (!mark) return Promise.resolve(null);
      return Promise.race([mark, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]).finally(() => marks.delete(marker));
    },
    frames(from, to) {
      const within = (i: number) => (frameEnds[i] ?? 0) >= from && (frameEnds[i] ?? 0) <= to;
      const over50At = frameGaps.flatMap((gap, i) => (within(i) && gap > 50 ? [Math.round((frameEnds[i] ?? 0) - from)] : []));
      const gaps = frameGaps.filter((_gap, i) => within(i)).sort((a, b) => a - b);
      const over50Causes = frameGaps.flatMap((gap, i) => {
        const end = frameEnds[i] ?? 0;
        if (!within(i) || gap <= 50) return [];
        const start = end - gap;
        const overlapping = loafs.filter((loaf) => Math.min(loaf.end, end) - Math.max(loaf.start, start) >= 1);
        const busy = overlapping.reduce((sum, loaf) => sum + Math.min(loaf.end, end) - Math.max(loaf.start, start), 0);
        return [{ endedAt: Math.round(end - from), gap: Math.round(gap), busy: Math.round(busy), frames: overlapping.map((loaf) => loaf.summary) }];
      });
      return {
        over50At,
        over50Causes,
        frames: gaps.length,
        longest: gaps.at(-1) ?? Number.NaN,
        median: gaps[Math.floor(gaps.length / 2)] ?? Number.NaN,
        over50: gaps.filter((gap) => gap > 50).length,
        over100: gaps.filter((gap) => gap > 100).length,
      };
    },
    liveAt: () => liveAt,
    pressedAt: () => pressedAt,
  };
  checkLive();
}

/**
 * The documents of the organization's local database, then a plain put of all of them in one
 * transaction; `startedAt`/`doneAt` bound the put (epoch ms), for the tab's frames meanwhile.
 */
export type PlainPutResult = { counts: Record<string, number>; documents: number; readMs: number; putMs: number; startedAt: number; doneAt: number };

/**
 * Reads every document the worker stored in `inbox-<slug>` (not timed), creates a scratch
 * database with the same object stores and indexes (copied from the inbox database), and puts
 * them all in ONE readwrite transaction; putMs runs from transaction() to its complete event.
 *
 * `inWorker`: the put runs in a dedicated worker of this page instead of its main thread (the
 * documents are handed over before the timing starts): the reference for the tab's frames during
 * a bootstrap, the writes coming from the same renderer process as the SharedWorker's, with no
 * server, socket or parsing beside them. Needs a context that bypasses the app's CSP (the worker
 * is a blob: URL).
 */
export async function plainPutInPage(input: { database: string; stores: string[]; inWorker?: boolean }): Promise<PlainPutResult> {
  const request = <T>(req: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  type IndexShape = { name: string; keyPath: string | string[]; unique: boolean; multiEntry: boolean };
  type StoreShape = { name: string; keyPath: string | string[] | null; autoIncrement: boolean; indexes: IndexShape[] };
  type Timed = { startedAt: number; doneAt: number };

  const source = await request(indexedDB.open(input.database));
  const readStarted = performance.now();
  const readTx = source.transaction(input.stores, 'readonly');
  const shapes: StoreShape[] = input.stores.map((name) => {
    const store = readTx.objectStore(name);
    return {
      name,
      keyPath: store.keyPath,
      autoIncrement: store.autoIncrement,
      indexes: [...store.indexNames].map((indexName) => {
        const index = store.index(indexName);
        return { name: indexName, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
      }),
    };
  });
  const data = await Promise.all(input.stores.map((name) => request(readTx.objectStore(name).getAll())));
  const readMs = performance.now() - readStarted;
  source.close();

  // Self-contained (its own helpers): in a worker it runs from its source text.
  const scratchPut = async (scratchName: string, stores: StoreShape[], docs: unknown[][]): Promise<Timed> => {
    const ask = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
      });
    await ask(indexedDB.deleteDatabase(scratchName));
    const opening = indexedDB.open(scratchName, 1);
    opening.onupgradeneeded = () => {
      for (const shape of stores) {
        const store = opening.result.createObjectStore(shape.name, { keyPath: shape.keyPath, autoIncrement: shape.autoIncrement });
        for (const index of shape.indexes) store.createIndex(index.name, index.keyPath, { unique: index.unique, multiEntry: index.multiEntry });
      }
    };
    const scratch = await ask(opening);
    const startedAt = performance.timeOrigin + performance.now();
    const writeTx = scratch.transaction(stores.map((shape) => shape.name), 'readwrite');
    stores.forEach((shape, i) => {
      const store = writeTx.objectStore(shape.name);
      for (const doc of docs[i] ?? []) store.put(doc);
    });
    await new Promise<void>((resolve, reject) => {
      writeTx.oncomplete = () => resolve();
      writeTx.onerror = () => reject(writeTx.error ?? new Error('transaction failed'));
      writeTx.onabort = () => reject(writeTx.error ?? new Error('transaction aborted'));
    });
    const doneAt = performance.timeOrigin + performance.now();
    scratch.close();
    await ask(indexedDB.deleteDatabase(scratchName));
    return { startedAt, doneAt };
  };

  const scratchName = `${input.database}-bench-plain-put`;
  let timed: Timed;
  if (!input.inWorker) timed = await scratchPut(scratchName, shapes, data);
  else {
    // tsx's output names functions through `__name`, which the worker defines as the page does.
    const workerSource = `const __name = (f) => f; const scratchPut = ${scratchPut.toString()};
      onmessage = async ({ data: m }) => postMessage(await scratchPut(m.scratchName, m.shapes, m.data));`;
    const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    const worker = new Worker(url);
    try {
      timed = await new Promise<Timed>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<Timed>) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(`plain put worker: ${event.message}`));
        worker.postMessage({ scratchName, shapes, data });
      });
    } finally {
      worker.terminate();
      URL.revokeObjectURL(url);
    }
  }

  const counts: Record<string, number> = {};
  input.stores.forEach((name, i) => (counts[name] = data[i]?.length ?? 0));
  return { counts, documents: data.reduce((sum, docs) => sum + docs.length, 0), readMs, putMs: timed.doneAt - timed.startedAt, ...timed };
}

/**
 * Raw IndexedDB count() of each store of a database (opened at its current version), and one row
 * by key when `row` names it (null when there is none).
 */
export async function readInPage(input: {
  database: string;
  stores: string[];
  row?: { store: string; key: string };
}): Promise<{ counts: Record<string, number>; row: unknown }> {
  const request = <T>(req: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  const db = await request(indexedDB.open(input.database));
  try {
    const tx = db.transaction([...new Set([...input.stores, ...(input.row ? [input.row.store] : [])])], 'readonly');
    const counts = await Promise.all(input.stores.map((name) => request(tx.objectStore(name).count())));
    const row: unknown = input.row ? ((await request<unknown>(tx.objectStore(input.row.store).get(input.row.key))) ?? null) : null;
    const result: Record<string, number> = {};
    input.stores.forEach((name, i) => (result[name] = counts[i] ?? 0));
    return { counts: result, row };
  } finally {
    db.close();
  }
}

/** The source of `fn(arg)` as an expression the page can run, with the `__name` helper tsx's output needs. */
function pageScript(fn: (arg: never) => unknown, arg: unknown): string {
  return `(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg)}); })()`;
}

/** Runs `fn(arg)` in every document of the context before its own scripts. */
export async function initScriptInContext<A>(context: BrowserContext, fn: (arg: A) => unknown, arg: A): Promise<void> {
  await context.addInitScript({ content: pageScript(fn as (arg: never) => unknown, arg) });
}

export async function installProbesInContext(context: BrowserContext, options: ProbeOptions): Promise<void> {
  await context.addInitScript({ content: pageScript(installProbes, options) });
}

export async function runInPage<A, R>(page: Page, fn: (arg: A) => Promise<R> | R, arg: A): Promise<R> {
  return page.evaluate<R>(pageScript(fn, arg));
}

export async function watchMarker(page: Page, marker: string): Promise<void> {
  await page.evaluate((text) => (window as unknown as Required<ProbeWindow>).__benchProbes.watch(text), marker);
}

export async function paintedMarker(page: Page, marker: string, timeoutMs: number): Promise<PaintMark | null> {
  return page.evaluate(([text, timeout]) => (window as unknown as Required<ProbeWindow>).__benchProbes.painted(text, timeout), [marker, timeoutMs] as const);
}

export async function frameFigures(page: Page, from: number, to: number): Promise<FrameFigures> {
  return page.evaluate(([start, end]) => (window as unknown as Required<ProbeWindow>).__benchProbes.frames(start, end), [from, to] as const);
}

export async function pressSeenAt(page: Page): Promise<number | null> {
  return page.evaluate(() => (window as unknown as Required<ProbeWindow>).__benchProbes.pressedAt());
}

export async function liveSeenAt(page: Page): Promise<number | null> {
  return page.evaluate(() => (window as unknown as Required<ProbeWindow>).__benchProbes.liveAt());
}
