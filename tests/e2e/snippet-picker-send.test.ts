import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { composerText } from '../support/composer-text';

const suite = useSeededBrowserSuite({ org: 'snippet-send-e2e', conversations: 4, messagesPerConversation: 2 });
let conversations: Conversation[];

beforeAll(async () => {
  conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=4&order=newest')).body.conversations;
  const created = await suite.api.post('snippets/', { id: 'sn-ref', name: 'Reference number', shortcut: 'ref', body: 'Your reference is {{?Reference}}.' });
  expect(created.status).toBe(201);
});

const pathOf = (index: number) => `/${suite.seeded.slug}/conversations/view/${conversations[index]?.id ?? 0}`;
const replyBox = (page: Page) => page.getByRole('textbox', { name: 'Reply' });
const picker = (page: Page) => page.getByRole('dialog', { name: 'Insert a snippet' });

/** Whether what is at the middle of `target` on screen is `target` itself (nothing lies over it). */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

describe('the snippet picker and Send', () => {
  it('Send and Ctrl+Enter are refused while the picker or its fill-in form is open, and a held reply’s Undo is never covered', async () => {
    const page = await suite.newAgentPage();
    await page.goto(pathOf(0));
    await replyBox(page).click();
    await page.keyboard.type('Hello #ref');
    await expect.poll(() => picker(page).getByRole('listbox').getByRole('option', { selected: true }).textContent()).toContain('Reference number');
    const send = page.getByRole('button', { name: 'Send reply' });
    const guard = page.getByText('Insert the snippet or close the picker (Escape) before sending.');
    // Following the typed #word: nothing the picker is editing can leave.
    expect(await send.isDisabled()).toBe(true);
    expect(await guard.isVisible()).toBe(true);
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Enter');
    // The fill-in form: still not sendable, by the button or by the shortcut.
    const reference = picker(page).getByLabel('Reference');
    await reference.waitFor();
    expect(await send.isDisabled()).toBe(true);
    expect(await guard.isVisible()).toBe(true);
    await page.keyboard.press('Control+Enter');
    expect(await reference.isVisible()).toBe(true);
    expect(await page.getByTestId('pending-send').count()).toBe(0);
    expect(await composerText(replyBox(page))).toBe('Hello #ref');

    // Filled and inserted, it is a reply like any other.
    await page.keyboard.type('R-77');
    await page.keyboard.press('Enter');
    await expect.poll(() => composerText(replyBox(page))).toBe('Hello Your reference is R-77.');
    await expect.poll(() => send.isDisabled()).toBe(false);
    expect(await guard.count()).toBe(0);
    await page.keyboard.press('Control+Enter');
    const pending = page.getByTestId('pending-send');
    const undo = pending.getByRole('button', { name: 'Undo' });
    await undo.waitFor({ timeout: 15_000 });

    // The picker opened again during the hold, and its fill-in form: the Undo stays in sight.
    await expect.poll(() => composerText(replyBox(page))).toBe('');
    await replyBox(page).click();
    await page.keyboard.type('#ref');
    await picker(page).waitFor();
    // The thread keeps to its end as the picker takes its room (a frame later).
    await expect.poll(() => uncovered(undo), { message: 'the Undo is in sight with the picker open' }).toBe(true);
    await page.keyboard.press('Enter');
    await reference.waitFor();
    await expect.poll(() => uncovered(undo), { message: 'the Undo is in sight with the fill-in form open' }).toBe(true);
    await undo.click();
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(0);
  });

  it('#ref typed at full speed as soon as the page has loaded opens the picker, every time', async () => {
    const page = await suite.newAgentPage();
    for (const index of [1, 2, 3]) {
      await page.goto(pathOf(index));
      await replyBox(page).click();
      await page.keyboard.type('#ref');
      await expect.poll(() => picker(page).getByRole('combobox', { name: 'Search snippets' }).inputValue(), { message: `the picker on conversation ${index}` }).toBe('#ref');
      await page.keyboard.press('Escape');
      await expect.poll(() => picker(page).count()).toBe(0);
    }
  });

  it('a held reply’s Undo stays in sight while the note’s @mention list is open', async () => {
    const page = await suite.newAgentPage();
    await page.goto(pathOf(0));
    await replyBox(page).click();
    await page.keyboard.type('On its way.');
    await page.keyboard.press('Control+Enter');
    const pending = page.getByTestId('pending-send');
    const undo = pending.getByRole('button', { name: 'Undo' });
    await undo.waitFor({ timeout: 15_000 });

    await page.getByRole('tab', { name: 'Note' }).click();
    await page.getByRole('textbox', { name: 'Note' }).click();
    await page.keyboard.type('Could you check this? @');
    await page.getByRole('listbox', { name: 'Mention a teammate' }).waitFor();
    await expect.poll(() => uncovered(pending), { message: 'the held reply is in sight with the mention list open' }).toBe(true);
    expect(await uncovered(undo)).toBe(true);
    await undo.click();
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(0);
  });
});
