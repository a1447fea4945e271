import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'menus-e2e', conversations: 4, messagesPerConversation: 2 });
let conversation: Conversation;

beforeAll(async () => {
  const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=1&order=newest')).body;
  const first = conversations[0];
  if (!first) throw new Error('The seed made no conversation');
  conversation = first;
});

/** Whether `item` is inside the window and nothing lies over it: its start, middle and end. */
const inSight = (item: Locator) =>
  item.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    const y = box.top + box.height / 2;
    return inside && [box.left + 4, box.left + box.width / 2, box.right - 4].every((x) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    });
  });

describe('menus stay on screen', () => {
  for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    it(`the snooze menu and More actions show every item whole, above the list pane, at ${viewport.width} px`, async () => {
      const page = await suite.newAgentPage({ context: { viewport } });
      await page.goto(`/${suite.seeded.slug}/conversations/view/${conversation.id}`);
      await page.getByRole('log', { name: 'Messages' }).waitFor();
      for (const [button, menu] of [
        ['Snooze', 'Snooze until'],
        ['More actions', 'Conversation actions'],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).click();
        const items = page.getByRole('menu', { name: menu }).getByRole('menuitem');
        await expect.poll(() => items.count()).toBeGreaterThan(2);
        for (const item of await items.all()) expect(await inSight(item), `${button}: ${await item.textContent()}`).toBe(true);
        await page.keyboard.press('Escape');
        await expect.poll(() => items.count()).toBe(0);
      }
    });
  }
});
