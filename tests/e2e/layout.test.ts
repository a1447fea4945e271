import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSeededBrowserSuite } from '../support/browser-suite';

const CONVERSATIONS = 2_000;
const suite = useSeededBrowserSuite({ org: 'layout-e2e', conversations: CONVERSATIONS, messagesPerConversation: 1 });

async function signedIn(width: number, height: number): Promise<Page> {
  const page = await suite.newAgentPage({ live: false, context: { viewport: { width, height } } });
  await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 30_000 }).toContain('Live');
  await page.goto(`/${suite.seeded.slug}/conversations?filter=all`);
  await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(5);
  return page;
}

const rows = (page: Page) => page.getByTestId('conversation-list').getByTestId('conversation-row');
const scroller = (page: Page) => page.getByTestId('conversation-scroller');
const list = (page: Page) => page.getByRole('list', { name: 'Conversations' });
/** The 1-based place of the keyboard selection in the list, or 0. */
const selectedPosition = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('[data-selected]')?.closest('li')?.getAttribute('aria-posinset') ?? 0));
const scrollTop = (page: Page) => scroller(page).evaluate((el) => Math.round(el.scrollTop));

/**
 * j until the selection is at `place`. At the last loaded row j has nowhere to go until the next
 * page is read (it is read ahead, but a busy machine can be slower than the keys): press again.
 */
async function selectWithJ(page: Page, place: number): Promise<void> {
  await page.keyboard.press('j');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await expect.poll(() => selectedPosition(page), { timeout: 3_000 }).toBe(place);
      return;
    } catch (error) {
      if ((await selectedPosition(page)) !== place - 1) throw error;
      await page.keyboard.press('j');
    }
  }
  expect(await selectedPosition(page)).toBe(place);
}

/** Whether an element lies wholly inside the list's scrolling box. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const box = document.querySelector('[data-testid="conversation-scroller"]')?.getBoundingClientRect();
    const item = document.querySelector(css)?.getBoundingClientRect();
    return !!box && !!item && item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
  }, selector);
}

/** The nth row wholly in the list's view (rendered rows above and below it are not). */
async function rowInView(page: Page, nth: number) {
  // The virtual list renders the rows of a new scroll position a frame later.
  const read = () => page.evaluate((n) => {
    const box = document.querySelector('[data-testid="conversation-scroller"]')!.getBoundingClientRect();
    const shown = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="conversation-row"]')].filter((row) => {
      const { top, bottom } = row.getBoundingClientRect();
      return top >= box.top && bottom <= box.bottom;
    });
    shown.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    return shown[n]?.getAttribute('href') ?? null;
  }, nth);
  await expect.poll(read).not.toBeNull();
  const href = await read();
  if (!href) throw new Error(`No row ${nth} in view`);
  return { href, row: page.locator(`[data-testid="conversation-row"][href="${href}"]`) };
}

/** Scrolls the list to its end again and again until `loaded` rows are read (pages of 25 arrive on the way). */
async function scrollUntilLoaded(page: Page, loaded: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await scroller(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        return page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('[aria-posinset]')].map((li) => Number(li.getAttribute('aria-posinset')))));
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(loaded);
}

describe('the conversations workspace', () => {
  it('renders only the rows in view of a long list, and keeps the keyboard selection in view past them', async () => {
    const page = await signedIn(1440, 900);
    // More to load: the set's size is not known yet.
    expect(await list(page).locator('li').first().getAttribute('aria-setsize')).toBe('-1');

    for (let place = 1; place <= 40; place++) await selectWithJ(page, place);
    // Past the first page (read on the way) and past the rows first rendered: the top row left the DOM.
    expect(await inView(page, '[data-selected]')).toBe(true);
    expect(await list(page).locator('li[aria-posinset="1"]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-selected'))).toBe(true);
    for (let place = 39; place >= 30; place--) {
      await page.keyboard.press('k');
      await expect.poll(() => selectedPosition(page)).toBe(place);
    }
    expect(await inView(page, '[data-selected]')).toBe(true);

    await scrollUntilLoaded(page, 300);
    const rendered = await rows(page).count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
  });

  it('opens a conversation beside the list at 1440 px, the list staying as it was', async () => {
    const page = await signedIn(1440, 900);
    await expect.poll(() => page.getByTestId('no-conversation-open').isVisible()).toBe(true);
    for (let place = 1; place <= 20; place++) await selectWithJ(page, place);
    const href = await page.locator('[data-selected]').getAttribute('href');
    const top = await scrollTop(page);
    expect(top).toBeGreaterThan(0);
    // Marks the list's element: a list mounted anew would not carry it.
    await scroller(page).evaluate((el) => el.setAttribute('data-kept', 'yes'));

    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(href);
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Contact' }).isVisible()).toBe(true);
    expect(await scroller(page).isVisible()).toBe(true);
    expect(await scroller(page).getAttribute('data-kept')).toBe('yes');
    expect(await scrollTop(page)).toBe(top);
    expect(await page.locator('[data-selected]').getAttribute('aria-current')).toBe('page');
    expect(await inView(page, '[data-selected]')).toBe(true);

    // j moves on in the list while the conversation stays open; Enter opens the next one beside it.
    await page.keyboard.press('j');
    await expect.poll(() => selectedPosition(page)).toBe(21);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).not.toContain(href ?? '-');
    expect(await scroller(page).getAttribute('data-kept')).toBe('yes');
  });

  it('shows one pane at a time at 390 px, and goes back to the same place in the list', async () => {
    const page = await signedIn(390, 844);
    await scrollUntilLoaded(page, 60);
    await scroller(page).evaluate((el) => el.scrollTo({ top: 1_500 }));
    await expect.poll(() => scrollTop(page)).toBe(1_500);
    const { href, row } = await rowInView(page, 2);
    await row.click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(href);
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    expect(await scroller(page).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${suite.seeded.slug}/conversations`);
    await expect.poll(() => scroller(page).isVisible()).toBe(true);
    expect(await page.getByRole('log', { name: 'Messages' }).count()).toBe(0);
    await expect.poll(() => scrollTop(page)).toBe(1_500);

    // The back button does the same.
    await (await rowInView(page, 1)).row.click();
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await expect.poll(() => scroller(page).isVisible()).toBe(true);
    await expect.poll(() => scrollTop(page)).toBe(1_500);
  });

  it('lets a closed conversation fade out of the inbox in its place, the selection moving to the next one (§9)', async () => {
    const page = await signedIn(1440, 900);
    await page.goto(`/${suite.seeded.slug}/conversations?filter=inbox`);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(2);
    await selectWithJ(page, 1);
    await selectWithJ(page, 2);
    const leaving = await page.locator('[data-selected]').getAttribute('href');
    const next = await list(page).locator('li[aria-posinset="3"] [data-testid="conversation-row"]').getAttribute('href');

    await page.keyboard.press('e');
    const departing = page.getByTestId('conversation-row-departing');
    await expect.poll(() => departing.count()).toBe(1);
    // Still where it was (the second row's place), no longer a member: the next row took its number.
    const rowHeight = await list(page).locator('li[aria-posinset="1"]').evaluate((li) => li.getBoundingClientRect().height);
    expect(await departing.evaluate((li) => li.style.transform)).toBe(`translateY(${rowHeight}px)`);
    await expect.poll(() => page.locator('[data-selected]').getAttribute('href')).toBe(next);
    expect(await rows(page).evaluateAll((links, gone) => links.some((link) => link.getAttribute('href') === gone), leaving)).toBe(false);
    // Gone after its second.
    await expect.poll(() => departing.count()).toBe(0);
  });

  it('comes back to an inbox with its rows, scroll position and selection (§9)', async () => {
    const page = await signedIn(1280, 800);
    for (let place = 1; place <= 35; place++) await selectWithJ(page, place);
    const selected = await page.locator('[data-selected]').getAttribute('href');
    const top = await scrollTop(page);
    expect(top).toBeGreaterThan(0);

    const filters = page.getByRole('navigation', { name: 'Conversation filters' });
    await filters.getByRole('link', { name: 'Waiting' }).click();
    await expect.poll(() => page.url()).toContain('filter=waiting');
    await expect.poll(() => selectedPosition(page)).toBe(0);
    expect(await scrollTop(page)).toBe(0);

    await filters.getByRole('link', { name: 'All' }).click();
    await expect.poll(() => page.url()).toContain('filter=all');
    await expect.poll(() => page.locator('[data-selected]').getAttribute('href')).toBe(selected);
    await expect.poll(() => scrollTop(page)).toBe(top);
    expect(await selectedPosition(page)).toBe(35);
  });
});
