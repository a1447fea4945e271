import { expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'thread-scroll', conversations: 2, messagesPerConversation: 12 });

/** Pixels of the thread below what is in view: 0 when it shows its newest entry whole. */
const below = (log: Locator) => log.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

it('a thread read to its end stays there as the reply grows, and a reader who scrolled up stays where they are', async () => {
  const [conversation] = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=1&order=newest')).body.conversations;
  if (!conversation) throw new Error('Nothing seeded');
  const page = await suite.newAgentPage({ context: { viewport: { width: 1280, height: 720 } } });
  await page.goto(`/${suite.seeded.slug}/conversations/view/${conversation.id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await log.locator('[data-entry-id]').first().waitFor();
  // Opened at its end, and still there once every entry (an email's frame too) has its height.
  await expect.poll(() => below(log)).toBe(0);

  const reply = page.getByLabel('Reply', { exact: true });
  await reply.click();
  const box = await log.evaluate((el) => el.clientHeight);
  for (let line = 0; line < 6; line++) {
    await page.keyboard.type(`Line ${line} of a long answer`);
    await page.keyboard.press('Shift+Enter');
  }
  await expect.poll(() => log.evaluate((el) => el.clientHeight)).toBeLessThan(box);
  await expect.poll(() => below(log)).toBe(0);

  // Scrolled up to read: the growing reply does not pull the thread back down.
  await log.evaluate((el) => el.scrollBy({ top: -300 }));
  await expect.poll(() => below(log)).toBeGreaterThan(250);
  const at = await log.evaluate((el) => el.scrollTop);
  for (let line = 6; line < 9; line++) {
    await page.keyboard.type(`Line ${line}`);
    await page.keyboard.press('Shift+Enter');
  }
  await expect.poll(() => page.getByText('Line 8').isVisible()).toBe(true);
  expect(await log.evaluate((el) => el.scrollTop)).toBe(at);
});
