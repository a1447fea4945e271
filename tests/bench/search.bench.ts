import type { Page } from 'playwright-core';
import { inboxDatabaseName } from '../../src/client-db/inbox-database';
import { parseSearchText, searchKey } from '../../src/protocol/search/search-text';
import { launchBrowser } from '../support/browser';
import { startSeededServer } from './bench-server';
import { signedInContext, sleep } from './browser-bench';
import { readInPage, paintedMarker, runInPage, watchMarker } from './page-probes';
import { ms, percentile, report } from './stats';

const CONVERSATIONS = 10_000;
const MESSAGES_PER_CONVERSATION = 10;
const ROUNDS = 3;
/**
 * What agents type: words of subjects and messages, phrases, prefixes, names, an address part,
 * and words found nowhere. Consecutive searches differ, so each paints a new status line.
 */
const QUERIES = [
  'refund',
  'invoice',
  'login safari',
  '"charged twice"',
  'error 500',
  'deliv',
  'vat number',
  'dashboard',
  'ca',
  'Hana',
  'inbox.example',
  'export csv',
  'tracking link',
  'zzyzx',
  'annual billing',
  'package damaged',
];

type InputWindow = { __searchInputAt?: number };

/** Records when the search field last received an input event (capturing, before React sees it). */
function recordInputTimes(): void {
  window.addEventListener(
    'input',
    (event) => {
      if (event.target instanceof HTMLInputElement && event.target.id === 'conversation-search') (window as InputWindow).__searchInputAt = performance.now();
    },
    true,
  );
}

function lastInputAt(): number | null {
  return (window as InputWindow).__searchInputAt ?? null;
}

/** Types `text` (one input event) and resolves to the milliseconds until its results' status line was painted. */
async function searchToPaint(page: Page, text: string): Promise<number> {
  const marker = `for “${searchKey(parseSearchText(text))}”`;
  await watchMarker(page, marker);
  await page.getByLabel('Search conversations').fill(text);
  const mark = await paintedMarker(page, marker, 30_000);
  const typedAt = await runInPage(page, lastInputAt, null);
  if (!mark || typedAt === null) throw new Error(`The results of ${text} were not painted within 30 s`);
  return mark.local - typedAt;
}

async function waitForAllConversations(page: Page, slug: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { counts } = await runInPage(page, readInPage, { database: inboxDatabaseName(slug), stores: ['conversations', 'messages'] });
    if ((counts['conversations'] ?? 0) >= CONVERSATIONS && (counts['messages'] ?? 0) >= CONVERSATIONS * MESSAGES_PER_CONVERSATION) return;
    if (Date.now() > deadline) throw new Error(`Only ${JSON.stringify(counts)} stored two minutes after "Live"`);
    await sleep(200);
  }
}

/**
 * local-search: the conversations screen's search over 10,000 held conversations and their
 * 100,000 messages, from the input event to the first frame that shows the results' status
 * line (the rows render in the same commit). The first search builds the local index: timed
 * offline, so that only local results can paint it. Then every query, several rounds, online,
 * each after the previous one's server results arrived.
 */
export async function benchLocalSearch(): Promise<void> {
  const seedStarted = Date.now();
  const bench = await startSeededServer(CONVERSATIONS, MESSAGES_PER_CONVERSATION);
  const seedMs = Date.now() - seedStarted;
  const browser = await launchBrowser('chromium');
  try {
    const { context, page } = await signedInContext(browser, bench, { frames: false }, false);
    await page.getByTestId('connection-status').filter({ hasText: 'Live' }).waitFor({ timeout: 240_000 });
    await waitForAllConversations(page, bench.seeded.slug);

    await runInPage(page, recordInputTimes, null);
    await page.keyboard.press('/');
    await context.setOffline(true);
    const coldMs = await searchToPaint(page, 'subscription');
    await context.setOffline(false);
    await page.getByTestId('connection-status').filter({ hasText: 'Live' }).waitFor({ timeout: 60_000 });

    const times: number[] = [];
    const byQuery = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const query of QUERIES) {
        const time = await searchToPaint(page, query);
        times.push(time);
        byQuery.set(query, [...(byQuery.get(query) ?? []), time]);
        // Let the server's answer land before the next search, so it is not timed with it.
        await sleep(600);
      }
    }
    console.log(`local-search (seeded ${CONVERSATIONS} conv. × ${MESSAGES_PER_CONVERSATION} messages in ${(seedMs / 1000).toFixed(1)} s; ${QUERIES.length} queries × ${ROUNDS})`);
    report('  first search (builds the index)', { time: ms(coldMs) });
    report('  search → results painted', { p50: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), max: ms(percentile(times, 100)), n: times.length }, 'p95 ≤ 50 ms');
    const slowest = [...byQuery].map(([query, runs]) => ({ query, median: percentile(runs, 50) })).sort((a, b) => b.median - a.median).slice(0, 3);
    console.log(`    (slowest by median: ${slowest.map(({ query, median }) => `${query} ${ms(median)}`).join(', ')})`);
    await context.close();
  } finally {
    await browser.close();
    await bench.server.stop();
  }
}
