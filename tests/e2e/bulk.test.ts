import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'bulk-e2e', conversations: 56, messagesPerConversation: 1 });

beforeAll(async () => {
  const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100')).body;
  const reopened = await suite.api.post('conversations/bulk', { ids: conversations.map((c) => c.id), action: { status: 'OPENED' } });
  if (reopened.status !== 200) throw new Error(`Could not reopen the seed: ${reopened.status} ${reopened.text}`);
});

/** The number the bulk toolbar shows ("3 selected"), 0 while it is not shown. */
const selectedCount = async (toolbar: Locator) => ((await toolbar.isVisible()) ? Number(/(\d+) selected/.exec((await toolbar.textContent()) ?? '')?.[1] ?? 0) : 0);

const mutations = async (result: 'applied' | 'replayed' | 'failed') => (await suite.metrics()).value('inbox_mutations_total', { result });

async function statuses(): Promise<Map<number, string>> {
  const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100')).body;
  return new Map(conversations.map((c) => [c.id, c.status]));
}

describe('bulk actions', () => {
  it('a bulk close of 50 conversations works offline and lands exactly once', async () => {
    const page = await suite.newAgentPage({ live: false });
    const context = page.context();
    await page.goto(`/${suite.seeded.slug}/conversations?filter=all`);
    await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');
    const rows = page.getByTestId('conversation-row');
    const list = page.getByRole('list', { name: 'Conversations' });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // The list reads 25 rows at a time as it is scrolled (§9): scrolled to its end, it reads 25 more.
    expect(await list.locator('li[aria-posinset="26"]').count()).toBe(0);
    await page.getByTestId('conversation-scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => list.locator('li[aria-posinset="26"]').count()).toBe(1);

    // x picks the row under the cursor; the toolbar's "Select all" picks every row shown.
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect.poll(() => toolbar.getByText('1 selected').isVisible()).toBe(true);
    await toolbar.getByRole('button', { name: 'Select all' }).click();
    // Every loaded row: two pages of 25 at least (a third may have arrived while scrolling).
    await expect.poll(() => selectedCount(toolbar)).toBeGreaterThanOrEqual(50);
    const selected = await selectedCount(toolbar);
    // The loaded rows: "all" is every conversation by priority, as the API orders them.
    const { conversations: loaded } = (await suite.api.get<{ conversations: Conversation[] }>(`conversations/?limit=${selected}&order=priority`)).body;
    const ids = loaded.map((c) => c.id);
    expect(ids).toHaveLength(selected);
    const marked = await page.locator('[data-marked]').evaluateAll((links) => links.map((link) => Number(link.id.replace('conversation-row-', ''))));
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((id) => ids.includes(id))).toBe(true);

    const appliedBefore = await mutations('applied');
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connection-status').textContent()).toContain('Offline');
    await toolbar.getByRole('button', { name: 'Close' }).click();

    // The list shows it at once (every row in view is among the selected), and the selection is gone.
    await expect.poll(async () => (await rows.getByText('Closed', { exact: true }).count()) === (await rows.count())).toBe(true);
    expect(await toolbar.isVisible()).toBe(false);
    // Nothing reached the server while offline.
    const offline = await statuses();
    expect(ids.every((id) => offline.get(id) === 'OPENED')).toBe(true);
    expect(await mutations('applied')).toBe(appliedBefore);

    await context.setOffline(false);
    await expect
      .poll(async () => {
        const now = await statuses();
        return ids.filter((id) => now.get(id) === 'CLOSED').length;
      }, { timeout: 30_000 })
      .toBe(selected);
    const after = await statuses();
    expect([...after.entries()].filter(([id]) => !ids.includes(id)).every(([, status]) => status === 'OPENED')).toBe(true);
    // One request, applied once, for the selected conversations.
    expect(await mutations('applied')).toBe(appliedBefore + 1);
    await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');
    expect(await mutations('applied')).toBe(appliedBefore + 1);
  });

  it('tags a selection in one go, and the tag lands on exactly those conversations', async () => {
    const page = await suite.newAgentPage({ live: false });
    await page.goto(`/${suite.seeded.slug}/conversations?filter=all`);
    await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');
    const rows = page.getByTestId('conversation-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(3);

    // Pick the first three rows with the keyboard: j moves, x picks, and the toolbar counts each.
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    for (let n = 1; n <= 3; n++) {
      await page.keyboard.press('j');
      await page.keyboard.press('x');
      await expect.poll(() => selectedCount(toolbar)).toBe(n);
    }
    const picked = await page.locator('[data-marked]').evaluateAll((links) => links.map((link) => Number(link.id.replace('conversation-row-', ''))));
    expect(picked).toHaveLength(3);

    const appliedBefore = await mutations('applied');
    await toolbar.getByLabel('Tag the selected conversations').fill('Escalated');
    await toolbar.getByLabel('Tag the selected conversations').press('Enter');
    // At once in the list, then on the server: one request for the three.
    await expect.poll(() => rows.filter({ hasText: 'Escalated' }).count()).toBe(3);
    await expect
      .poll(async () => {
        const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100')).body;
        return conversations.filter((c) => c.tags.includes('escalated')).map((c) => c.id).sort((a, b) => a - b);
      }, { timeout: 20_000 })
      .toEqual([...picked].sort((a, b) => a - b));
    expect(await mutations('applied')).toBe(appliedBefore + 1);
  });
});

describe('undoing actions', () => {
  it('z takes back a bulk close, not the older single action, and the bulk action confirms with Undo', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/conversations?filter=all`);
    const rows = page.getByTestId('conversation-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(4);
    const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100')).body;
    await suite.api.post('conversations/bulk', { ids: conversations.map((c) => c.id), action: { status: 'OPENED' } });
    await expect.poll(() => rows.getByText('Closed', { exact: true }).count()).toBe(0);

    // An older single action: a on the first row assigns it.
    await page.keyboard.press('j');
    const assignedId = Number((await page.locator('[data-selected]').getAttribute('id'))?.replace('conversation-row-', ''));
    await page.keyboard.press('a');
    await expect.poll(() => page.getByRole('status').filter({ hasText: `#${assignedId} assigned` }).isVisible()).toBe(true);

    // Then a bulk close of rows 2–4.
    for (let n = 0; n < 3; n++) {
      await page.keyboard.press('j');
      await page.keyboard.press('x');
    }
    const picked = await page.locator('[data-marked]').evaluateAll((links) => links.map((link) => Number(link.id.replace('conversation-row-', ''))));
    expect(picked).toHaveLength(3);
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Close' }).click();
    const confirmation = page.getByRole('status').filter({ hasText: '3 conversations closed' });
    await expect.poll(() => confirmation.isVisible()).toBe(true);
    expect(await confirmation.getByRole('button', { name: 'Undo' }).isVisible()).toBe(true);
    await expect.poll(async () => (await statuses()).get(picked[0] ?? 0), { timeout: 20_000 }).toBe('CLOSED');

    // z undoes the bulk close: the three reopen, the older assignment stays.
    await page.keyboard.press('z');
    await expect
      .poll(async () => {
        const now = await statuses();
        return picked.map((id) => now.get(id));
      }, { timeout: 20_000 })
      .toEqual(['OPENED', 'OPENED', 'OPENED']);
    const { conversations: after } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100')).body;
    expect(after.find((c) => c.id === assignedId)?.agent_id).not.toBeNull();

    // The toast's Undo takes back a bulk action too.
    await page.keyboard.press('x');
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Mark as waiting' }).click();
    const waiting = page.getByRole('status').filter({ hasText: '1 conversation set to waiting' });
    await expect.poll(() => waiting.isVisible()).toBe(true);
    await expect.poll(async () => (await statuses()).get(picked[2] ?? 0), { timeout: 20_000 }).toBe('WAITING');
    await waiting.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await statuses()).get(picked[2] ?? 0), { timeout: 20_000 }).toBe('OPENED');
  });
});
