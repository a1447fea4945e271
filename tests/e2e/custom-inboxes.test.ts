import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Conversation } from '../../src/protocol/documents';
import type { ApiClient } from '../support/api-client';
import { assertAppBuilt, launchBrowser } from '../support/browser';
import type { RunningServer } from '../support/server-process';
import { signInAsOwner, startSeededServer } from '../support/seeded-server';

let browser: Browser;
let server: RunningServer;
let api: ApiClient;
let owner: { email: string; password: string; slug: string };

beforeAll(async () => {
  assertAppBuilt();
  const app = await startSeededServer({ org: 'custom-inboxes-e2e', conversations: 12, messagesPerConversation: 1 });
  ({ server, api } = app);
  owner = { email: app.seeded.ownerEmail, password: app.seeded.password, slug: app.seeded.slug };
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function allConversations(): Promise<Conversation[]> {
  return (await api.get<{ conversations: Conversation[] }>('conversations/?limit=100&order=newest')).body.conversations;
}

/** The sidebar links' names, without their unread counts. */
async function linkNames(group: Locator): Promise<string[]> {
  return (await group.getByRole('link').allTextContents()).map((text) => text.replace(/\d+\+? unread$/, ''));
}

async function listedIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId('conversation-list')
    .getByTestId('conversation-row')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(/\/view\/(\d+)\?/.exec(href)?.[1])).sort((a, b) => a - b);
}

describe('custom inboxes', () => {
  it('creates an inbox, lists it in the sidebar and keeps it live', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signInAsOwner(page, { ownerEmail: owner.email, password: owner.password, slug: owner.slug });
    await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');

    await page.goto(`/${owner.slug}/inboxes`);
    await page.getByRole('button', { name: 'Add inbox' }).click();
    await page.getByLabel('Inbox name').last().fill('Billing');
    const query = page.getByLabel('Query').last();
    await query.fill('tag:');
    await expect.poll(() => page.getByText(/ at \d+/).first().isVisible()).toBe(true);
    await query.fill('tag:billing');
    await page.getByRole('button', { name: 'Save inboxes' }).click();
    await expect.poll(async () => (await api.get<{ agent: { custom_inboxes: unknown[] } }>('account/')).body.agent.custom_inboxes).toEqual([
      { key: 'billing', name: 'Billing', query: 'tag:billing' },
    ]);

    const sidebar = page.getByRole('group', { name: 'Inboxes' });
    await sidebar.getByRole('link', { name: 'Billing' }).click();
    await expect.poll(() => page.url()).toContain('inbox=billing');

    const conversations = await allConversations();
    const billing = conversations.filter((c) => c.tags.includes('billing')).map((c) => c.id).sort((a, b) => a - b);
    expect(billing.length).toBeGreaterThan(0);
    expect(billing.length).toBeLessThan(conversations.length);
    await expect.poll(() => listedIds(page)).toEqual(billing);

    const other = conversations.find((c) => !c.tags.includes('billing'));
    if (!other) throw new Error('The seed has no conversation without the billing tag');
    await api.post(`conversations/${other.id}/tags`, { name: 'billing' });
    await expect.poll(() => listedIds(page)).toEqual([...billing, other.id].sort((a, b) => a - b));

    // A second inbox, moved first, becomes the default inbox (§2); then it is deleted.
    await page.goto(`/${owner.slug}/inboxes`);
    await page.getByRole('button', { name: 'Add inbox' }).click();
    await page.getByLabel('Inbox name').last().fill('Bugs');
    await page.getByLabel('Query').last().fill('tag:bug');
    await page.getByRole('button', { name: 'Move up Bugs' }).click();
    await page.getByRole('button', { name: 'Save inboxes' }).click();
    await expect.poll(() => linkNames(sidebar)).toEqual(['Bugs', 'Billing', 'Manage inboxes']);
    await page.goto(`/${owner.slug}/conversations?filter=inbox`);
    const bugs = conversations.filter((c) => c.tags.includes('bug')).map((c) => c.id).sort((a, b) => a - b);
    await expect.poll(() => listedIds(page)).toEqual(bugs);

    await page.goto(`/${owner.slug}/inboxes`);
    await page.getByRole('button', { name: 'Delete inbox Bugs' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Save inboxes' }).click();
    await expect.poll(() => linkNames(sidebar)).toEqual(['Billing', 'Manage inboxes']);
    await context.close();
  });
});
