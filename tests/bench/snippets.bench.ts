import type { Locator, Page } from 'playwright-core';
import { composerText } from '../support/composer-text';
import { inboxDatabaseName } from '../../src/client-db/inbox-database';
import { launchBrowser } from '../support/browser';
import { startSeededServer } from './bench-server';
import { openConversation, signedInContext, sleep } from './browser-bench';
import { readInPage, paintedMarker, runInPage, watchMarker } from './page-probes';
import { ms, percentile, report } from './stats';

const SNIPPETS = 2_000;
const ROUNDS = 20;
const FILTERS_PER_ROUND = 3;
const TOPICS = ['refund', 'shipping delay', 'password reset', 'invoice copy', 'welcome', 'cancellation', 'upgrade', 'bug report'];

const snippetName = (n: number) => `Reply ${String(n).padStart(4, '0')} · ${TOPICS[n % TOPICS.length] ?? ''}`;

type InputWindow = { __snippetInputAt?: number };

/**
 * Records when the page last received a `beforeinput` event (capturing, before the editor's
 * handlers). The reply box is a rich editor: it applies the text, and the picker may render,
 * before the `input` event is dispatched, so the text's arrival starts at `beforeinput`, for a key
 * typed and for a filled word alike. The target is not inspected: nothing here makes the page
 * compute style in the middle of the editor's work.
 */
function recordInputTimes(): void {
  window.addEventListener(
    'beforeinput',
    () => {
      (window as InputWindow).__snippetInputAt = performance.now();
    },
    true,
  );
}

function lastInputAt(): number | null {
  return (window as InputWindow).__snippetInputAt ?? null;
}

/** Runs `act` (one input event) and resolves to the milliseconds until `marker` was painted. */
async function inputToPaint(page: Page, marker: string, act: () => Promise<void>, step: string): Promise<number> {
  await watchMarker(page, marker);
  await act();
  const mark = await paintedMarker(page, marker, 30_000);
  const typedAt = await runInPage(page, lastInputAt, null);
  if (!mark || typedAt === null) throw new Error(`“${marker}” was not painted within 30 s (${step})`);
  return mark.local - typedAt;
}

/**
 * Empties the reply box as an agent does, with the editor's own keys (select all, Backspace), and
 * waits until it is empty. Not `fill('')`: that selects the text through the DOM, and a Delete
 * pressed before the editor has read that selection deletes nothing; the `#` typed next then
 * replaces the old `#word` instead of starting a new one.
 */
async function emptyReply(page: Page, reply: Locator): Promise<void> {
  await reply.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  const deadline = Date.now() + 10_000;
  while ((await composerText(reply)) !== '') {
    if (Date.now() > deadline) throw new Error('The reply box did not empty');
    await sleep(20);
  }
}

async function waitForSnippets(page: Page, slug: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (((await runInPage(page, readInPage, { database: inboxDatabaseName(slug), stores: ['snippets'] })).counts['snippets'] ?? 0) < SNIPPETS) {
    if (Date.now() > deadline) throw new Error('The snippets were not all stored two minutes after "Live"');
    await sleep(200);
  }
}

/**
 * snippets: the composer's snippet picker over 2,000 snippets held on the device. "open": from
 * the `beforeinput` of a `#` typed in the reply box to the first frame showing the picker's first
 * result; "filter": from the `beforeinput` of the `#word` typed on (one input event) to the first
 * frame showing the snippet it finds (the whole library searched and ranked, the list re-rendered).
 */
export async function benchSnippets(): Promise<void> {
  const bench = await startSeededServer(2, 1);
  const seedStarted = Date.now();
  const ids = Array.from({ length: SNIPPETS }, (_unused, n) => n);
  for (let at = 0; at < ids.length; at += 16) {
    await Promise.all(
      ids.slice(at, at + 16).map(async (n) => {
        const body = `Hi {{contact.first_name | there}}, about your ${TOPICS[n % TOPICS.length] ?? ''} (case ${n}): we are on it. {{agent.first_name}}`;
        const created = await bench.api.post('snippets/', { id: `bench-${n}`, name: snippetName(n), body });
        if (created.status !== 201) throw new Error(`Snippet ${n}: ${created.status} ${created.text}`);
      }),
    );
  }
  const seedMs = Date.now() - seedStarted;
  const conversation = (await bench.api.get<{ conversations: { id: number }[] }>('conversations/?limit=1')).body.conversations[0];
  if (!conversation) throw new Error('No seeded conversation');
  const browser = await launchBrowser('chromium');
  try {
    const { context, page } = await signedInContext(browser, bench, { frames: false });
    await waitForSnippets(page, bench.seeded.slug);
    await openConversation(page, bench.seeded.slug, conversation.id);
    await runInPage(page, recordInputTimes, null);
    const reply = page.getByRole('textbox', { name: 'Reply' });
    const search = page.getByRole('combobox', { name: 'Search snippets' });

    const opens: number[] = [];
    const filters: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await emptyReply(page, reply);
      opens.push(await inputToPaint(page, snippetName(0), () => page.keyboard.type('#'), `round ${round + 1}, #`));
      for (let f = 0; f < FILTERS_PER_ROUND; f++) {
        const n = 100 + ((round * FILTERS_PER_ROUND + f) * 37) % (SNIPPETS - 100);
        filters.push(await inputToPaint(page, snippetName(n), () => reply.fill(`#${String(n).padStart(4, '0')}`), `round ${round + 1}, filter ${f + 1}`));
      }
      await page.keyboard.press('Escape');
      await search.waitFor({ state: 'detached' });
    }
    console.log(`snippets (${SNIPPETS} snippets created in ${(seedMs / 1000).toFixed(1)} s; ${ROUNDS} opens, ${filters.length} filters)`);
    report('  # typed → picker painted', { p50: ms(percentile(opens, 50)), p95: ms(percentile(opens, 95)), max: ms(percentile(opens, 100)), n: opens.length }, 'p95 ≤ 16 ms');
    report('  filter typed → result painted', { p50: ms(percentile(filters, 50)), p95: ms(percentile(filters, 95)), max: ms(percentile(filters, 100)), n: filters.length }, 'p95 ≤ 16 ms');
    await context.close();
  } finally {
    await browser.close();
    await bench.server.stop();
  }
}
