import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { composerText } from '../support/composer-text';

const suite = useSeededBrowserSuite({ org: 'keyboard-e2e', conversations: 6, messagesPerConversation: 2 });
/** Email conversations hold a reply for its delay (§4); chat replies go at once. */
let emailIds: number[];

beforeAll(async () => {
  // Every conversation open and unassigned, so "a" assigns and "e" closes whichever is picked.
  const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=50&order=newest')).body;
  emailIds = conversations.filter((c) => c.channel !== 'CHAT').map((c) => c.id);
  for (const conversation of conversations) {
    await suite.api.post(`conversations/${conversation.id}/status`, { status: 'OPENED' });
    await suite.api.post(`conversations/${conversation.id}/assign`, { agent_id: null });
  }
});

async function signedIn(): Promise<Page> {
  const page = await suite.newAgentPage();
  await page.goto(`/${suite.seeded.slug}/conversations?filter=all`);
  await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');
  await expect.poll(() => page.getByTestId('conversation-row').count()).toBeGreaterThan(2);
  return page;
}

const rows = (page: Page) => page.getByTestId('conversation-row');
const selectedIndex = (page: Page) =>
  rows(page).evaluateAll((links) => links.findIndex((link) => link.hasAttribute('data-selected')));
const isFocused = (page: Page, label: string) => page.getByLabel(label, { exact: true }).evaluate((el) => el === document.activeElement);

describe('keyboard triage', () => {
  it('triages a conversation with the keyboard alone', async () => {
    const page = await signedIn();
    await page.keyboard.press('j');
    await expect.poll(() => selectedIndex(page)).toBe(0);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => selectedIndex(page)).toBe(2);
    await page.keyboard.press('k');
    await expect.poll(() => selectedIndex(page)).toBe(1);
    // On to the first email conversation, whose reply is held (and shows as pending).
    const hrefs = await rows(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const target = hrefs.findIndex((h) => emailIds.some((id) => h.includes(`/view/${id}?`)));
    expect(target).toBeGreaterThanOrEqual(0);
    for (let at = 1; at !== target; at += target > at ? 1 : -1) await page.keyboard.press(target > at ? 'j' : 'k');
    await expect.poll(() => selectedIndex(page)).toBe(target);
    const href = hrefs[target];

    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(href);
    const view = page.getByRole('log', { name: 'Messages' });
    await view.waitFor();

    await page.keyboard.press('r');
    await expect.poll(() => isFocused(page, 'Reply')).toBe(true);
    await page.keyboard.type('On it, sent by keyboard');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.getByTestId('pending-send').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('log', { name: 'Messages' }).getByText('On it, sent by keyboard').isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await page.keyboard.press('t');
    await expect.poll(() => isFocused(page, 'Add tag')).toBe(true);
    await page.keyboard.type('Keyboard');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('list', { name: 'Tags' }).getByText('Keyboard').isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await page.keyboard.press('a');
    await expect.poll(() => page.getByRole('button', { name: 'Assignee: You' }).isVisible()).toBe(true);

    await page.keyboard.press('e');
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('CLOSED');
    await page.keyboard.press('z');
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('OPENED');
    await page.keyboard.press('e');
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('CLOSED');

    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${suite.seeded.slug}/conversations`);
  });

  it('assigns to a teammate through the command palette', async () => {
    const page = await signedIn();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('log', { name: 'Messages' }).waitFor();

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect.poll(() => palette.isVisible()).toBe(true);
    await expect.poll(() => isFocused(page, 'Command')).toBe(true);
    await page.keyboard.type('assign');
    await page.keyboard.press('Enter');
    await expect.poll(() => palette.getByRole('listbox', { name: 'Assign to' }).isVisible()).toBe(true);
    await page.keyboard.type('sam');
    await expect.poll(() => palette.getByRole('option', { name: /Sam Chen/, selected: true }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');

    await expect.poll(() => palette.isVisible()).toBe(false);
    const header = page.getByRole('region').filter({ has: page.getByRole('log', { name: 'Messages' }) });
    await expect.poll(() => header.getByText('Sam Chen', { exact: true }).isVisible()).toBe(true);
  });

  it('a shortcut letter typed in the reply goes into the text, not to the list', async () => {
    const page = await signedIn();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    const before = await selectedIndex(page);

    await page.keyboard.press('r');
    await expect.poll(() => isFocused(page, 'Reply')).toBe(true);
    await page.keyboard.type('jjk');
    await expect.poll(() => composerText(page.getByLabel('Reply', { exact: true }))).toBe('jjk');
    expect(await selectedIndex(page)).toBe(before);
  });

  it('r typed right after Enter, before the conversation shows, focuses its reply', async () => {
    const page = await signedIn();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.keyboard.press('r');
    await expect.poll(() => isFocused(page, 'Reply')).toBe(true);
    await page.keyboard.type('Typed at once');
    await expect.poll(() => composerText(page.getByLabel('Reply', { exact: true }))).toBe('Typed at once');
  });

  it('? opens the shortcut help and Escape closes it', async () => {
    const page = await signedIn();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => help.isVisible()).toBe(true);
    await expect.poll(() => help.getByText('Close the conversation').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => help.isVisible()).toBe(false);
  });
});
