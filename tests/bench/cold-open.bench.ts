import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startSeededServer } from './bench-server';
import { signedInContext, sleep } from './browser-bench';
import { runInPage } from './page-probes';
import { ms, percentile, report } from './stats';

/**
 * 10. cold-open: the inbox opened offline in a browser whose tabs are all closed (no sync worker
 * running, no socket to wait for): from the navigation's start to the first conversation row in
 * the DOM, read from IndexedDB, the app shell from the service worker's cache. Each round closes
 * every tab, waits for the worker to go, and opens the list again.
 */
const ROUNDS = Number(process.env["COLD_OPEN_ROUNDS"] ?? 15);
const ORG = { conversations: 500, messagesPerConversation: 2 };

/** Records, in the page, when the first conversation row appears (ms after the navigation started). */
function recordFirstRow(): void {
  const mark = () => {
    if (document.querySelector('[data-testid="conversation-row"]')) {
      (window as unknown as { firstRowAt?: number }).firstRowAt ??= performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (mark()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

type Open = { firstRow: number; shell: number; script: number; screen: number; paint: number };

async function openOnce(context: BrowserContext, path: string): Promise<Open> {
  const page = await context.newPage();
  try {
    await page.goto(path, { waitUntil: 'commit' });
    await page.getByTestId('conversation-row').first().waitFor({ timeout: 30_000 });
    return await runInPage(page, () => {
      const loaded = (pattern: RegExp) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => pattern.test(entry.name))?.responseEnd ?? Number.NaN;
      return {
        firstRow: (window as unknown as { firstRowAt?: number }).firstRowAt ?? Number.NaN,
        shell: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseEnd ?? Number.NaN,
        script: loaded(/\/assets\/index-[^/]*\.js$/),
        screen: loaded(/\/assets\/ConversationsScreen-[^/]*\.js$/),
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      };
    }, null);
  } finally {
    await page.close();
  }
}

export async function benchColdOpen(): Promise<void> {
  const bench = await startSeededServer(ORG.conversations, ORG.messagesPerConversation);
  const browser = await launchBrowser('chromium');
  try {
    const { context, page } = await signedInContext(browser, bench, { frames: false });
    const path = `/${bench.seeded.slug}/conversations`;
    await page.getByTestId('conversation-row').first().waitFor({ timeout: 60_000 });
    // The whole organization is on the device and the service worker controls the app.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    await sleep(2_000);
    await page.close();
    // As source with tsx's `__name` helper (see page-probes.ts pageScript).
    await context.addInitScript({ content: `(() => { const __name = (f) => f; (${recordFirstRow.toString()})(); })()` });
    await context.setOffline(true);
    const opens: Open[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // No tab open: the shared worker stops with the last one, so each open starts it again.
      await sleep(500);
      opens.push(await openOnce(context, path));
    }
    const p50 = (key: keyof Open) => ms(percentile(opens.map((open) => open[key]), 50));
    const firstRows = opens.map((open) => open.firstRow);
    report(`cold-open offline (${ORG.conversations} conversations, ${ROUNDS} opens)`, {
      'first row p50': p50('firstRow'),
      p90: ms(percentile(firstRows, 90)),
      max: ms(Math.max(...firstRows)),
    }, 'first rows ≤ 500 ms');
    // Where the time goes (p50, ms after the navigation started).
    report('  cold-open: loaded by', {
      'index.html': p50('shell'),
      'app script': p50('script'),
      'first paint': p50('paint'),
      'list screen chunk': p50('screen'),
    });
  } finally {
    await browser.close();
    await bench.server.stop();
  }
}
