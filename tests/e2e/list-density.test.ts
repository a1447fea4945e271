import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSeededBrowserSuite } from '../support/browser-suite';

/** How many conversations an agent sees at once, at 1440×900: the default list and Compact. */
const suite = useSeededBrowserSuite({ org: 'density-e2e', conversations: 60, messagesPerConversation: 1 });

const DESKTOP = { width: 1440, height: 900 };

/** The conversations wholly inside the list's scrolling box, with the width of each one's subject column. */
function visibleRows(page: Page): Promise<{ subjectWidth: number }[]> {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="conversation-scroller"]')?.getBoundingClientRect();
    if (!box) return [];
    return [...document.querySelectorAll('[data-testid="conversation-row"]')]
      .filter((row) => {
        const { top, bottom } = row.getBoundingClientRect();
        return top >= box.top - 0.5 && bottom <= box.bottom + 0.5;
      })
      .map((row) => ({ subjectWidth: row.querySelector('.conv-row__subject')?.getBoundingClientRect().width ?? 0 }));
  });
}

async function openList(page: Page): Promise<void> {
  await page.goto(`/${suite.seeded.slug}/conversations?filter=all`);
  await page.getByTestId('conversation-row').first().waitFor();
}

describe('conversation list density', () => {
  it('shows at least ten conversations at 1440×900 by default', async () => {
    const page = await suite.newAgentPage({ context: { viewport: DESKTOP } });
    await openList(page);
    await expect.poll(async () => (await visibleRows(page)).length, { message: 'conversations wholly in view' }).toBeGreaterThanOrEqual(10);
  });

  it('shows at least eighteen conversations with readable subjects at 1440×900 once Compact is chosen', async () => {
    const page = await suite.newAgentPage({ email: `alex@${suite.seeded.slug}.example`, context: { viewport: DESKTOP } });
    await page.goto(`/${suite.seeded.slug}/account/general`);
    await page.getByRole('radio', { name: 'Compact' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').waitFor();

    await openList(page);
    await expect.poll(() => page.getByTestId('conversation-scroller').getAttribute('data-density')).toBe('compact');
    await expect.poll(async () => (await visibleRows(page)).length, { message: 'conversations wholly in view' }).toBeGreaterThanOrEqual(18);
    // About 20 characters of every subject, not a letter: the column keeps most of the pane.
    const narrowest = Math.min(...(await visibleRows(page)).map((row) => row.subjectWidth));
    expect(narrowest, 'the narrowest subject column (px)').toBeGreaterThanOrEqual(160);
  });
});
