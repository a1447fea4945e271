import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Conversation } from '../../src/protocol/documents';
import type { ApiClient } from '../support/api-client';
import { assertAppBuilt, launchBrowser } from '../support/browser';
import type { RunningServer } from '../support/server-process';
import { signInAsOwner, startSeededServer } from '../support/seeded-server';

let browser: Browser;
let server: RunningServer;
let api: ApiClient;
let owner: { email: string; password: string; slug: string };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  assertAppBuilt();
  const app = await startSeededServer({ org: 'bulk-e2e', conversations: 56, messagesPerConversation: 1 });
  ({ server, api } = app);
  owner = { email: app.seeded.ownerEmail, password: app.seeded.password, slug: app.seeded.slug };
  const { conversations } = (await api.get<{ conversations: Conversation[] }>('conversations/?limit=100')).body;
  const reopened = await api.post('conversations/bulk', { ids: conversations.map((c) => c.id), action: { status: 'OPENED' } });
  if (reopened.status !== 200) throw new Error(`Could not reopen the seed: ${reopened.status} ${reopened.text}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function mutations(result: 'applied' | 'replayed' | 'failed'): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(new RegExp(`^inbox_mutations_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

async function statuses(): Promise<Map<number, string>> {
  const { conversations } = (await api.get<{ conversations: Conversation[] }>('conversations/?limit=100')).body;
  return new Map(conversations.map((c) => [c.id, c.status]));
}

describe('bulk actions', () => {
  it('a bulk close of 50 conversations works offline and lands exactly once', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    contexts.push(context);
    const page = await context.newPage();
    await signInAsOwner(page, { ownerEmail: owner.email, password: owner.password, slug: owner.slug });
    await page.goto(`/${owner.slug}/conversations?filter=all`);
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
    await expect.poll(() => toolbar.getByText('50 selected').isVisible()).toBe(true);
    // The 50 loaded rows: "all" is every conversation by priority, as the API orders them.
    const { conversations: firstFifty } = (await api.get<{ conversations: Conversation[] }>('conversations/?limit=50&order=priority')).body;
    const ids = firstFifty.map((c) => c.id);
    expect(ids).toHaveLength(50);
    const marked = await page.locator('[data-marked]').evaluateAll((links) => links.map((link) => Number(link.id.replace('conversation-row-', ''))));
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((id) => ids.includes(id))).toBe(true);

    const appliedBefore = await mutations('applied');
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connection-status').textContent()).toContain('Offline');
    await toolbar.getByRole('button', { name: 'Close' }).click();

    // The list shows it at once (every row in view is among the 50), and the selection is gone.
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
      .toBe(50);
    const after = await statuses();
    expect([...after.entries()].filter(([id]) => !ids.includes(id)).every(([, status]) => status === 'OPENED')).toBe(true);
    // One request, applied once, for the 50 conversations.
    expect(await mutations('applied')).toBe(appliedBefore + 1);
    await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');
    expect(await mutations('applied')).toBe(appliedBefore + 1);
  });

  it('tags a selection in one go, and the tag lands on exactly those conversations', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    contexts.push(context);
    const page = await context.newPage();
    await signInAsOwner(page, { ownerEmail: owner.email, password: owner.password, slug: owner.slug });
    await page.goto(`/${owner.slug}/conversations?filter=all`);
    await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');
    const rows = page.getByTestId('conversation-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(3);

    // Pick the first three rows with the keyboard: j moves, x picks.
    for (let n = 0; n < 3; n++) {
      await page.keyboard.press('j');
      await page.keyboard.press('x');
    }
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect.poll(() => toolbar.getByText('3 selected').isVisible()).toBe(true);
    const picked = await page.locator('[data-marked]').evaluateAll((links) => links.map((link) => Number(link.id.replace('conversation-row-', ''))));
    expect(picked).toHaveLength(3);

    const appliedBefore = await mutations('applied');
    await toolbar.getByLabel('Tag the selected conversations').fill('Escalated');
    await toolbar.getByRole('button', { name: 'Tag' }).click();
    // At once in the list, then on the server: one request for the three.
    await expect.poll(() => rows.filter({ hasText: 'Escalated' }).count()).toBe(3);
    await expect
      .poll(async () => {
        const { conversations } = (await api.get<{ conversations: Conversation[] }>('conversations/?limit=100')).body;
        return conversations.filter((c) => c.tags.includes('escalated')).map((c) => c.id).sort((a, b) => a - b);
      }, { timeout: 20_000 })
      .toEqual([...picked].sort((a, b) => a - b));
    expect(await mutations('applied')).toBe(appliedBefore + 1);
  });
});
