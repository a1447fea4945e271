import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'dialog-focus-e2e', conversations: 6, messagesPerConversation: 2 });
let email: Conversation;

beforeAll(async () => {
  const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=6&order=newest')).body;
  const found = conversations.find((conversation) => conversation.channel === 'EMAIL');
  if (!found) throw new Error('The seed made no email conversation');
  email = found;
});

/** Whether `field` has the keyboard focus (what is typed goes there). */
const focused = (field: Locator) => field.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

async function openConversation(page: Page): Promise<void> {
  await page.goto(`/${suite.seeded.slug}/conversations/view/${email.id}`);
  await page.getByRole('log', { name: 'Messages' }).waitFor();
}

describe('every dialog takes what is typed', () => {
  it('New category opens on its name, Enter creates it, and the focus goes back to the button', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/snippets`);
    const button = page.getByRole('button', { name: 'New category' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await expect.poll(() => focused(dialog.getByRole('textbox', { name: 'Name' }))).toBe(true);
    await page.keyboard.type('Returns');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('navigation', { name: 'Snippet categories' }).getByRole('button', { name: /Returns/ }).count()).toBe(1);
    await expect.poll(() => focused(button)).toBe(true);
  });

  it('Merge contact opens on its search field, Escape closes it and the focus goes back to Merge…', async () => {
    // Wide enough for the contact pane beside the conversation.
    const page = await suite.newAgentPage({ context: { viewport: { width: 1440, height: 900 } } });
    await openConversation(page);
    const merge = page.getByRole('complementary', { name: 'Contact' }).getByRole('button', { name: 'Merge…' });
    await merge.click();
    const dialog = page.getByRole('dialog', { name: /^Merge a contact into/ });
    const search = dialog.getByLabel('Find the other contact');
    await expect.poll(() => focused(search)).toBe(true);
    await page.keyboard.type('zz');
    expect(await search.inputValue()).toBe('zz');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => focused(merge)).toBe(true);
  });

  it('Forward opens on To and Enter forwards; Mark as spam opens on its choice; both give the focus back to More actions', async () => {
    const page = await suite.newAgentPage();
    await openConversation(page);
    const more = page.getByRole('button', { name: 'More actions' });
    await more.click();
    await page.getByRole('menuitem', { name: 'Forward by email…' }).click();
    const forward = page.getByRole('dialog', { name: 'Forward this conversation' });
    await expect.poll(() => focused(forward.getByRole('combobox', { name: 'To' }))).toBe(true);
    await page.keyboard.type('accounts@finance.example');
    // The first Enter takes the address, the next one forwards.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => forward.isVisible()).toBe(false);
    await expect.poll(() => page.getByText('Forwarding to accounts@finance.example').count()).toBeGreaterThan(0);
    await expect.poll(() => focused(more)).toBe(true);

    await more.click();
    await page.getByRole('menuitem', { name: 'Mark as spam…' }).click();
    const spam = page.getByRole('dialog', { name: 'Mark as spam?' });
    await expect.poll(() => focused(spam.getByRole('checkbox', { name: /Also block this contact/ }))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => spam.isVisible()).toBe(false);
    await expect.poll(() => focused(more)).toBe(true);
  });

  it('New conversation opens on To, and Enter in the subject sends (the form says what is missing)', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/conversations`);
    await page.getByRole('link', { name: 'New conversation' }).click();
    await page.getByRole('heading', { name: 'New conversation' }).waitFor();
    const to = page.getByRole('combobox', { name: 'To' });
    await expect.poll(() => focused(to)).toBe(true);
    await page.keyboard.type('lee@prospect.example');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Subject' }).click();
    await page.keyboard.type('Your quote');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Write the message.' }).count()).toBe(1);
  });
});
