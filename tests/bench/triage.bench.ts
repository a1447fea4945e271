import type { Browser, Page } from 'playwright-core';
import { inboxDatabaseName } from '../../src/client-db/inbox-database';
import { launchBrowser } from '../support/browser';
import { startSeededServer, type BenchServer } from './bench-server';
import { signedInContext, sleep, waitLive } from './browser-bench';
import { readInPage, runInPage } from './page-probes';
import { ms, percentile, report } from './stats';

const CONVERSATIONS = 10_000;
/** Even, so some threads end with the agent: the Waiting inbox is not empty. */
const MESSAGES_PER_CONVERSATION = 4;
const WARMUP_ROUNDS = 3;
const ROUNDS = 30;
const TIMEOUT_MS = 10_000;
const VIEWPORT = { width: 1440, height: 900 };
/** A fast fling down the list (≈ 5 rows a frame, 24,000 px/s), then faster back up through what was loaded. */
const SCROLL_DOWN_PX_PER_FRAME = 400;
const SCROLL_UP_PX_PER_FRAME = 800;
const SCROLL_MAX_MS = 120_000;

// The in-page parts run through runInPage (see page-probes.ts): self-contained functions only.

/** Clicks a filter tab and resolves, at the first rAF after a new list shows rows, to the time since the click. */
function switchInboxInPage(input: { label: string; timeoutMs: number }): Promise<number | null> {
  const tabs = document.querySelector('nav[aria-label="Conversation filters"]');
  const link = [...(tabs?.querySelectorAll('a') ?? [])].find((a) => a.textContent?.trim() === input.label);
  if (!link) throw new Error(`No tab ${input.label}`);
  const before = document.querySelector('ul[aria-label="Conversations"]');
  return new Promise((resolve) => {
    let done = false;
    const started = performance.now();
    const check = () => {
      const list = document.querySelector('ul[aria-label="Conversations"]');
      if (done || !list || list === before || !list.querySelector('[data-testid="conversation-row"]')) return;
      done = true;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - started));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => {
      if (done) return;
      done = true;
      observer.disconnect();
      resolve(null);
    }, input.timeoutMs);
    link.click();
  });
}

/**
 * Changes the open conversation's status with the header's select (closed ↔ open); resolves, at
 * the first rAF after the header shows the new status, to the time since the change.
 */
function changeStatusInPage(input: { timeoutMs: number }): Promise<number | null> {
  const select = document.querySelector<HTMLSelectElement>('select[name="status"]');
  const header = document.querySelector('header.conv-header');
  if (!select || !header) throw new Error('No open conversation');
  const next = select.value === 'CLOSED' ? 'OPENED' : 'CLOSED';
  const shown = `conv-header--${next.toLowerCase()}`;
  return new Promise((resolve) => {
    let done = false;
    const started = performance.now();
    const check = () => {
      const current = document.querySelector('header.conv-header');
      if (done || !current?.classList.contains(shown)) return;
      done = true;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - started));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    setTimeout(() => {
      if (done) return;
      done = true;
      observer.disconnect();
      resolve(null);
    }, input.timeoutMs);
    select.value = next;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Clicks the nth row in view (not the open one); resolves at the first rAF after its thread shows an entry. */
function openConversationInPage(input: { nth: number; timeoutMs: number }): Promise<number | null> {
  const scroller = document.querySelector('[data-testid="conversation-scroller"]');
  if (!scroller) throw new Error('No conversation list');
  const box = scroller.getBoundingClientRect();
  const rows = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="conversation-row"]')].filter((row) => {
    const { top, bottom } = row.getBoundingClientRect();
    return top >= box.top && bottom <= box.bottom && row.getAttribute('aria-current') !== 'page';
  });
  const row = rows[input.nth % rows.length];
  if (!row) throw new Error('No row in view');
  const before = document.querySelector('[role="log"][aria-label="Messages"]');
  return new Promise((resolve) => {
    let done = false;
    const started = performance.now();
    const check = () => {
      const log = document.querySelector('[role="log"][aria-label="Messages"]');
      if (done || !log || log === before || !log.querySelector('[data-entry-id]')) return;
      done = true;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - started));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => {
      if (done) return;
      done = true;
      observer.disconnect();
      resolve(null);
    }, input.timeoutMs);
    row.click();
  });
}

type ScrollRun = { gaps: number[]; loaded: number; domRowsMax: number; elapsedMs: number; reachedEnd: boolean };

/**
 * Scrolls the list by `pxPerFrame` in every requestAnimationFrame (down: until every row is
 * loaded and shown; up: to the top) and records each frame's interval and the rows in the DOM.
 */
function scrollListInPage(input: { pxPerFrame: number; direction: 1 | -1; maxMs: number }): Promise<ScrollRun> {
  const scroller = document.querySelector<HTMLElement>('[data-testid="conversation-scroller"]');
  if (!scroller) throw new Error('No conversation list');
  const loadedRows = () => {
    let most = 0;
    for (const item of scroller.querySelectorAll('li[aria-posinset]')) most = Math.max(most, Number(item.getAttribute('aria-posinset')));
    return most;
  };
  return new Promise((resolve) => {
    const gaps: number[] = [];
    let domRowsMax = 0;
    let last = 0;
    let started = 0;
    const tick = () => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
      domRowsMax = Math.max(domRowsMax, scroller.querySelectorAll('[data-testid="conversation-row"]').length);
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
      const allLoaded = scroller.querySelector('li[aria-setsize="-1"]') === null;
      const finished = input.direction === 1 ? atEnd && allLoaded : scroller.scrollTop <= 0;
      if (finished || now - started > input.maxMs) {
        resolve({ gaps, loaded: loadedRows(), domRowsMax, elapsedMs: now - started, reachedEnd: finished });
        return;
      }
      scroller.scrollTop += input.direction * input.pxPerFrame;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(() => {
      started = last = performance.now();
      requestAnimationFrame(tick);
    });
  });
}

function latency(values: (number | null)[]): Record<string, string | number> {
  const done = values.filter((value): value is number => value !== null);
  return { p50: ms(percentile(done, 50)), p95: ms(percentile(done, 95)), max: ms(Math.max(...done)), missed: values.length - done.length };
}

function frames(run: ScrollRun): Record<string, string | number> {
  return {
    'worst frame': ms(Math.max(...run.gaps)),
    p95: ms(percentile(run.gaps, 95)),
    median: ms(percentile(run.gaps, 50)),
    'frames > 50 ms': run.gaps.filter((gap) => gap > 50).length,
    frames: run.gaps.length,
  };
}

async function waitStored(page: Page, slug: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const { counts } = await runInPage(page, readInPage, { database: inboxDatabaseName(slug), stores: ['conversations'] });
    if ((counts['conversations'] ?? 0) >= CONVERSATIONS) return;
    if (Date.now() > deadline) throw new Error(`Only ${counts['conversations']} conversations stored`);
    await sleep(250);
  }
}

/** 5. triage: switching inboxes, opening conversations and scrolling the list of a 10,000-conversation organization. */
export async function benchTriage(): Promise<void> {
  const bench: BenchServer = await startSeededServer(CONVERSATIONS, MESSAGES_PER_CONVERSATION);
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser('chromium');
    const { page } = await signedInContext(browser, bench, { frames: false }, false);
    await page.setViewportSize(VIEWPORT);
    await waitLive(page, 240_000);
    await waitStored(page, bench.seeded.slug);
    await page.goto(`/${bench.seeded.slug}/conversations?filter=inbox`);
    await page.getByTestId('conversation-row').first().waitFor({ timeout: 30_000 });
    await waitLive(page, 30_000);

    const labels = ['Waiting', 'All', 'Inbox'];
    const switches: (number | null)[] = [];
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const took = await runInPage(page, switchInboxInPage, { label: labels[round % labels.length] ?? 'Inbox', timeoutMs: TIMEOUT_MS });
      if (round >= WARMUP_ROUNDS) switches.push(took);
      await sleep(100);
    }

    await runInPage(page, switchInboxInPage, { label: 'All', timeoutMs: TIMEOUT_MS });
    const opens: (number | null)[] = [];
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const took = await runInPage(page, openConversationInPage, { nth: round, timeoutMs: TIMEOUT_MS });
      if (round >= WARMUP_ROUNDS) opens.push(took);
      await sleep(100);
    }

    // The conversation opened last stays open: its status, closed and open again in turn.
    const statusChanges: (number | null)[] = [];
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const took = await runInPage(page, changeStatusInPage, { timeoutMs: TIMEOUT_MS });
      if (round >= WARMUP_ROUNDS) statusChanges.push(took);
      await sleep(300);
    }

    await page.goto(`/${bench.seeded.slug}/conversations?filter=all`);
    await page.getByTestId('conversation-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('conversation-scroller').evaluate((el) => el.scrollTo({ top: 0 }));
    await sleep(500);
    const down = await runInPage(page, scrollListInPage, { pxPerFrame: SCROLL_DOWN_PX_PER_FRAME, direction: 1, maxMs: SCROLL_MAX_MS });
    const up = await runInPage(page, scrollListInPage, { pxPerFrame: SCROLL_UP_PX_PER_FRAME, direction: -1, maxMs: SCROLL_MAX_MS });

    console.log(`triage (${CONVERSATIONS} conv. org, ${VIEWPORT.width}×${VIEWPORT.height}, ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up; times from the click to the first rAF after the DOM shows it)`);
    report('  switch inbox → list painted', latency(switches), 'p95 ≤ 50 ms');
    console.log('    (Inbox → Waiting → All in turn, each a remembered inbox after the first round: a new list with its rows)');
    report('  open conversation → thread painted', latency(opens), 'p95 ≤ 50 ms');
    console.log('    (a row in view of "All" clicked; the conversation opens beside the list, its first entry shown)');
    report('  status change → header painted', latency(statusChanges), 'p95 ≤ 50 ms');
    console.log('    (the open conversation closed and opened again in turn with the header\'s select, 300 ms apart; this tab shows it at once, the worker\'s write follows, then the sidebar counts)');
    report('  scroll down, loading as it goes', frames(down), 'no frame > 50 ms');
    console.log(
      `    (${SCROLL_DOWN_PX_PER_FRAME} px a frame from the top; ${down.loaded} rows loaded in ${(down.elapsedMs / 1000).toFixed(1)} s,` +
        ` 25 a page${down.reachedEnd ? ', to the end' : ', stopped before the end'}; at most ${down.domRowsMax} rows in the DOM)`,
    );
    report('  scroll up through loaded rows', frames(up), 'no frame > 50 ms');
    console.log(`    (${SCROLL_UP_PX_PER_FRAME} px a frame back to the top in ${(up.elapsedMs / 1000).toFixed(1)} s; at most ${up.domRowsMax} rows in the DOM)`);
  } finally {
    await browser?.close();
    await bench.server.stop();
  }
}
