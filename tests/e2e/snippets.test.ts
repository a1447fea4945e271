import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Conversation, Snippet, SnippetCategory } from '../../src/protocol/documents';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';
import { withServerDatabase } from '../support/server-database';
import { composerText } from '../support/composer-text';

const suite = useSeededBrowserSuite({ org: 'snippets-e2e', conversations: 3, messagesPerConversation: 1 });
let conversations: Conversation[];
type Library = { snippets: Snippet[]; categories: SnippetCategory[] };

beforeAll(async () => {
  conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=3&order=newest')).body.conversations;
  const created = await suite.api.post('snippets/', {
    id: 'sn-order',
    name: 'Order status',
    shortcut: 'order',
    body: 'Hi {{contact.first_name | there}}, order {{?Order number}} has shipped.',
  });
  expect(created.status).toBe(201);
  await suite.api.post('snippets/', { id: 'sn-thanks', name: 'Thanks', body: 'Thanks for writing to {{organization.name}}.' });
});

const pathOf = (index: number) => `/${suite.seeded.slug}/conversations/view/${conversations[index]?.id ?? 0}`;
const replyBox = (page: Page) => page.getByRole('textbox', { name: 'Reply' });
const picker = (page: Page) => page.getByRole('dialog', { name: 'Insert a snippet' });
const library = async () => (await suite.api.get<Library>('snippets/')).body;

async function feedRows(col: string, docId: string, action: 'insert' | 'update' | 'delete'): Promise<number> {
  const rows = await withServerDatabase(suite.server, (db) =>
    db.selectFrom('changes').select('seq').where('col', '=', col).where('doc_id', '=', docId).where('action', '=', action).execute(),
  );
  return rows.length;
}

describe('snippets', () => {
  it('inserts a snippet with a fill-in field by keyboard, refuses to send it unfilled, and sends it filled', async () => {
    const page = await suite.newAgentPage();
    await page.goto(pathOf(0));
    await replyBox(page).click();
    await page.keyboard.type('Thanks. #');
    await picker(page).getByRole('combobox', { name: 'Search snippets' }).waitFor();
    await page.keyboard.type('orde');
    await expect.poll(() => picker(page).getByRole('listbox').getByRole('option', { selected: true }).textContent()).toContain('Order status');
    await page.keyboard.press('Enter');
    // The blank's field has focus: leaving it empty keeps the blank in the reply.
    await picker(page).getByLabel('Order number').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => composerText(replyBox(page))).toMatch(/^Thanks\. Hi \S+, order \{\{\?Order number\}\} has shipped\.$/);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'before sending' }).textContent()).toBe('Fill in “Order number” before sending.');
    expect(await page.getByRole('button', { name: 'Send reply' }).isDisabled()).toBe(true);
    await page.keyboard.press('Control+Enter');
    expect(await composerText(replyBox(page))).toContain('{{?Order number}}');

    // Again, this time filled, at the cursor after what is typed, the draft kept.
    await replyBox(page).fill('Thanks. ');
    await replyBox(page).press('End');
    await page.keyboard.type('#order');
    // The reply box keeps the focus: the picker follows the word typed after #.
    await expect.poll(() => picker(page).getByRole('combobox', { name: 'Search snippets' }).inputValue()).toBe('#order');
    expect(await replyBox(page).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await picker(page).getByLabel('Order number').waitFor();
    await page.keyboard.type('A-1234');
    await expect.poll(() => picker(page).getByRole('region', { name: 'Preview' }).textContent()).toContain('order A-1234 has shipped');
    await page.keyboard.press('Enter');
    await expect.poll(() => composerText(replyBox(page))).toMatch(/^Thanks\. Hi \S+, order A-1234 has shipped\.$/);
    const text = await composerText(replyBox(page));
    // The picker hands the focus back to the reply box once it has closed: the shortcut is the box's.
    await expect.poll(() => replyBox(page).evaluate((box) => box.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Control+Enter');
    // The box empties once the reply is in the outbox (a busy worker can take seconds).
    await expect.poll(() => composerText(replyBox(page)), { timeout: 15_000 }).toBe('');
    await expect.poll(() => page.getByText(text).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await library()).snippets.find((s) => s.id === 'sn-order')?.use_count, { timeout: 20_000 }).toBe(2);
  });

  it('a # typed over a selected word opens the picker there, and deleting back to a # does not', async () => {
    const page = await suite.newAgentPage();
    await page.goto(pathOf(2));
    await replyBox(page).click();
    await page.keyboard.type('Thanks. order');
    for (let i = 0; i < 'order'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.type('#');
    await expect.poll(() => picker(page).getByRole('combobox', { name: 'Search snippets' }).inputValue()).toBe('#');
    await expect.poll(() => composerText(replyBox(page))).toBe('Thanks. #');
    await page.keyboard.type('orde');
    await expect.poll(() => picker(page).getByRole('listbox').getByRole('option', { selected: true }).textContent()).toContain('Order status');
    await page.keyboard.press('Escape');
    await picker(page).waitFor({ state: 'detached' });
    // Deleting back to the `#` is not typing one: the picker stays closed.
    for (let i = 0; i < 'orde'.length; i++) await page.keyboard.press('Backspace');
    await expect.poll(() => composerText(replyBox(page))).toBe('Thanks. #');
    expect(await picker(page).count()).toBe(0);

    // The same in a note, a plain text box.
    await page.getByRole('tab', { name: 'Note' }).click();
    const note = page.getByRole('textbox', { name: 'Note' });
    await note.click();
    await page.keyboard.type('See order');
    for (let i = 0; i < 'order'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.type('#');
    await expect.poll(() => picker(page).getByRole('combobox', { name: 'Search snippets' }).inputValue()).toBe('#');
    expect(await note.inputValue()).toBe('See #');
  });

  it('a snippet renamed on the snippets page updates live in another tab’s open picker and on another device', async () => {
    const admin = await suite.newAgentPage();
    const otherTab = await admin.context().newPage();
    const otherDevice = await suite.newAgentPage();
    for (const page of [otherTab, otherDevice]) {
      await page.goto(pathOf(1));
      await page.getByRole('button', { name: 'Insert a snippet' }).click();
      await picker(page).getByRole('option', { name: /Thanks/ }).waitFor();
    }

    await admin.goto(`/${suite.seeded.slug}/snippets`);
    await admin.getByRole('button', { name: /^Thanks/ }).click();
    await admin.getByRole('textbox', { name: 'Name' }).fill('Thank you note');
    await admin.getByRole('button', { name: 'Save snippet' }).click();

    for (const page of [otherTab, otherDevice]) {
      await expect.poll(() => picker(page).getByRole('option', { name: /Thank you note/ }).count(), { timeout: 20_000 }).toBe(1);
    }
    await expect.poll(async () => (await library()).snippets.find((s) => s.id === 'sn-thanks')?.name, { timeout: 20_000 }).toBe('Thank you note');
  });

  it('a library edited offline lands on the server exactly once when back online', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/snippets`);
    await page.getByRole('heading', { name: 'Snippets', level: 1 }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.context().setOffline(true);
    await waitForConnection(page, 'Offline');

    await page.getByRole('button', { name: 'New category' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill('Returns');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.getByRole('navigation', { name: 'Snippet categories' }).getByRole('button', { name: /Returns/ }).click();
    await page.getByRole('button', { name: 'New snippet' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Return label');
    await page.getByRole('textbox', { name: 'Shortcut' }).fill('label');
    await page.getByRole('textbox', { name: 'Text' }).fill('Here is your return label, {{contact.first_name | there}}.');
    await page.getByRole('button', { name: 'Create snippet' }).click();
    await page.getByRole('button', { name: /Return label/ }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Return label (prepaid)');
    await page.getByRole('button', { name: 'Save snippet' }).click();
    await expect.poll(() => page.getByTestId('snippet-row').filter({ hasText: 'Return label (prepaid)' }).count()).toBe(1);
    expect((await library()).snippets.some((s) => s.name.startsWith('Return label'))).toBe(false);

    await page.context().setOffline(false);
    await waitForConnection(page, 'Live');
    await expect.poll(async () => (await library()).snippets.filter((s) => s.name === 'Return label (prepaid)').length, { timeout: 20_000 }).toBe(1);
    const { snippets, categories } = await library();
    const returns = categories.filter((c) => c.name === 'Returns');
    expect(returns).toHaveLength(1);
    const snippet = snippets.find((s) => s.name === 'Return label (prepaid)');
    expect(snippet).toMatchObject({ shortcut: 'label', categories: [returns[0]?.id] });
    expect(await feedRows('snippets', snippet?.id ?? '', 'insert')).toBe(1);
    expect(await feedRows('snippets', snippet?.id ?? '', 'update')).toBe(1);
    expect(await feedRows('snippet_categories', returns[0]?.id ?? '', 'insert')).toBe(1);
  });
});

describe('the snippet categories', () => {
  it('move by keyboard and by drag and drop, and a deleted category’s snippets go where the agent says', async () => {
    // Under a category of their own, so that what other tests of this file add does not move them.
    await suite.api.post('snippets/categories/', { id: 'home', name: 'Home' });
    for (const [id, name] of [['cat-a', 'Alpha'], ['cat-b', 'Bravo'], ['cat-c', 'Charlie']]) await suite.api.post('snippets/categories/', { id, name, parent_id: 'home' });
    await suite.api.post('snippets/', { id: 'sn-in-c', name: 'In Charlie', body: 'Hello', categories: ['cat-c'] });
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/snippets`);
    const tree = page.getByRole('navigation', { name: 'Snippet categories' });
    const rows = () => tree.locator('[data-category-id^="cat-"]').allTextContents();
    await expect.poll(rows).toEqual(['Alpha0', 'Bravo0', 'Charlie1']);
    const serverTree = async () =>
      (await library()).categories
        .filter((c) => c.id.startsWith('cat-'))
        .map((c) => `${c.parent_id === 'home' ? '-' : (c.parent_id ?? 'top')}/${c.sort}:${c.id}`)
        .sort();

    // Alt+↑ moves Charlie above Bravo; Alt+→ puts it inside Alpha, the category above it.
    await tree.getByRole('button', { name: /^Charlie/ }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(rows).toEqual(['Alpha0', 'Charlie1', 'Bravo0']);
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(rows).toEqual(['Alpha0', 'Charlie1', 'Bravo0']);
    await expect.poll(serverTree, { timeout: 20_000 }).toEqual(['-/0:cat-a', '-/1:cat-b', 'cat-a/0:cat-c']);

    // Bravo dropped on the middle of Alpha goes inside it, after Charlie.
    await tree.getByTestId('category-row').filter({ hasText: 'Bravo' }).dragTo(tree.getByTestId('category-row').filter({ hasText: 'Alpha' }));
    await expect.poll(serverTree, { timeout: 20_000 }).toEqual(['cat-a/0:cat-c', 'cat-a/1:cat-b', '-/0:cat-a'].sort());

    await tree.getByTestId('category-row').filter({ hasText: 'Charlie' }).hover();
    await tree.getByRole('button', { name: 'Delete Charlie' }).click();
    await page.getByRole('dialog').getByLabel('Where does its snippet go?').selectOption('cat-b');
    await page.getByRole('button', { name: 'Delete category' }).click();
    await expect.poll(async () => (await library()).snippets.find((s) => s.id === 'sn-in-c')?.categories, { timeout: 20_000 }).toEqual(['cat-b']);
    await expect.poll(serverTree).toEqual(['-/0:cat-a', 'cat-a/1:cat-b']);
  });
});
