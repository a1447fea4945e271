import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'custom-inboxes-e2e', conversations: 12, messagesPerConversation: 1 });

async function allConversations(): Promise<Conversation[]> {
  return (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100&order=newest')).body.conversations;
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
    const page = await suite.newAgentPage({ live: false });
    await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');

    await page.goto(`/${suite.seeded.slug}/inboxes`);
    await page.getByRole('button', { name: 'Add inbox' }).click();
    await page.getByLabel('Inbox name').last().fill('Billing');
    const query = page.getByLabel('Query').last();
    await query.fill('tag:');
    await expect.poll(() => page.getByText(/ at \d+/).first().isVisible()).toBe(true);
    await query.fill('tag:billing');
    await page.getByRole('button', { name: 'Save inboxes' }).click();
    await expect.poll(async () => (await suite.api.get<{ agent: { custom_inboxes: unknown[] } }>('account/')).body.agent.custom_inboxes).toEqual([
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
    await suite.api.post(`conversations/${other.id}/tags`, { name: 'billing' });
    await expect.poll(() => listedIds(page)).toEqual([...billing, other.id].sort((a, b) => a - b));

    // A second inbox, moved first: the order of the sidebar, not the default inbox; then it is deleted.
    await page.goto(`/${suite.seeded.slug}/inboxes`);
    await page.getByRole('button', { name: 'Add inbox' }).click();
    await page.getByLabel('Inbox name').last().fill('Bugs');
    await page.getByLabel('Query').last().fill('tag:bug');
    await page.getByRole('button', { name: 'Move up Bugs' }).click();
    await page.getByRole('button', { name: 'Save inboxes' }).click();
    await expect.poll(() => linkNames(sidebar)).toEqual(['Bugs', 'Billing', 'Manage inboxes']);
    await page.goto(`/${suite.seeded.slug}/conversations`);
    await expect.poll(() => page.getByRole('navigation', { name: 'Conversation filters' }).getByRole('link', { name: 'Inbox', exact: true }).getAttribute('aria-current')).toBe('page');

    await page.goto(`/${suite.seeded.slug}/inboxes`);
    await page.getByRole('button', { name: 'Delete inbox Bugs' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Save inboxes' }).click();
    await expect.poll(() => linkNames(sidebar)).toEqual(['Billing', 'Manage inboxes']);
  });

  it('the first custom inbox does not replace the built-in Inbox; "Use as my default" does, and Inbox stays reachable', async () => {
    const page = await suite.newAgentPage();
    const conversations = await allConversations();
    const myId = (await suite.api.get<{ agent: { id: number } }>('account/')).body.agent.id;
    const builtIn = conversations
      .filter((c) => c.status === 'OPENED' && (c.agent_id === null || c.agent_id === myId))
      .map((c) => c.id)
      .sort((a, b) => a - b);
    const shipping = conversations.filter((c) => c.tags.includes('shipping')).map((c) => c.id).sort((a, b) => a - b);

    // Only this test's inbox: those of the test before are deleted first.
    await page.goto(`/${suite.seeded.slug}/inboxes`);
    await page.getByRole('button', { name: 'Add inbox' }).waitFor({ timeout: 20_000 });
    const deletes = page.getByRole('button', { name: /^Delete inbox / });
    if ((await deletes.count()) > 0) {
      while ((await deletes.count()) > 0) {
        await deletes.first().click();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      }
      await page.getByRole('button', { name: 'Save inboxes' }).click();
      await expect.poll(async () => (await suite.api.get<{ agent: { custom_inboxes: unknown[] } }>('account/')).body.agent.custom_inboxes).toEqual([]);
    }
    await page.getByRole('button', { name: 'Add inbox' }).click();
    await page.getByLabel('Inbox name').last().fill('Shipping');
    await page.getByLabel('Query').last().fill('tag:shipping');
    await page.getByRole('button', { name: 'Save inboxes' }).click();
    await expect.poll(async () => (await suite.api.get<{ agent: { custom_inboxes: unknown[] } }>('account/')).body.agent.custom_inboxes).toEqual([
      { key: 'shipping', name: 'Shipping', query: 'tag:shipping' },
    ]);

    // Conversations still opens on the built-in Inbox, named as such.
    await page.goto(`/${suite.seeded.slug}/conversations`);
    const tabs = page.getByRole('navigation', { name: 'Conversation filters' });
    await expect.poll(() => tabs.getByRole('link', { name: 'Inbox', exact: true }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => listedIds(page)).toEqual(builtIn);

    // Chosen explicitly, the custom inbox is where Conversations opens; the built-in Inbox is one tab away.
    await page.goto(`/${suite.seeded.slug}/inboxes`);
    await page.getByRole('button', { name: 'Use Shipping as my default' }).click();
    await page.getByRole('button', { name: 'Save inboxes' }).click();
    await expect.poll(async () => (await suite.api.get<{ agent: { custom_inboxes: unknown[] } }>('account/')).body.agent.custom_inboxes).toEqual([
      { key: 'shipping', name: 'Shipping', query: 'tag:shipping', is_default: true },
    ]);
    await page.getByRole('link', { name: /^Conversations/ }).click();
    await expect.poll(() => tabs.getByRole('link', { name: 'Shipping', exact: true }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => listedIds(page)).toEqual(shipping);
    await tabs.getByRole('link', { name: 'Inbox', exact: true }).click();
    await expect.poll(() => listedIds(page)).toEqual(builtIn);

    // And back to the built-in one as the default.
    await page.goto(`/${suite.seeded.slug}/inboxes`);
    await page.getByRole('button', { name: 'Use Inbox (built in) as my default' }).click();
    await page.getByRole('button', { name: 'Save inboxes' }).click();
    await expect.poll(async () => (await suite.api.get<{ agent: { custom_inboxes: unknown[] } }>('account/')).body.agent.custom_inboxes).toEqual([
      { key: 'shipping', name: 'Shipping', query: 'tag:shipping' },
    ]);
  });
});
