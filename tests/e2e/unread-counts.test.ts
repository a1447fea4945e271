import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Conversation, ConversationStatistics } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'unread-counts-e2e', conversations: 16, messagesPerConversation: 1 });

async function serverCount(): Promise<number> {
  return (await suite.api.get<ConversationStatistics>('conversations/status')).body.statistics['default'] ?? 0;
}

/** The unread count the sidebar's Conversations link shows (none shown: 0). */
async function sidebarCount(page: Page): Promise<number> {
  const text = await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Conversations/ }).textContent();
  return Number(/(\d+)\+? unread/.exec(text ?? '')?.[1] ?? 0);
}

/** Unread conversations of the default inbox (open, assigned to me or to nobody), newest first. */
async function unreadInInbox(): Promise<Conversation[]> {
  const me = (await suite.api.get<{ agent: { id: number } }>('account/')).body.agent.id;
  const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100&order=newest')).body;
  return conversations.filter((c) => c.is_unread && c.status === 'OPENED' && (c.agent_id === null || c.agent_id === me) && !c.snoozed_until);
}

describe('the sidebar’s unread count', () => {
  it('agrees with the server, and follows a teammate closing and reopening a conversation and the agent opening one', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/conversations`);
    const [closed, opened] = await unreadInInbox();
    if (!closed || !opened) throw new Error('The seed made fewer than two unread conversations in the inbox');
    const start = await serverCount();
    await expect.poll(() => sidebarCount(page)).toBe(start);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^\\(${start}\\) `));

    // Through the server (another agent's action reaches the tab through the feed).
    await suite.api.post(`conversations/${closed.id}/status`, { status: 'CLOSED' });
    expect(await serverCount()).toBe(start - 1);
    await expect.poll(() => sidebarCount(page)).toBe(start - 1);
    await suite.api.post(`conversations/${closed.id}/status`, { status: 'OPENED' });
    await expect.poll(() => sidebarCount(page)).toBe(start);

    // This tab's own action: opening an unread conversation marks it read.
    await page.goto(`/${suite.seeded.slug}/conversations/view/${opened.id}`);
    await page.getByRole('heading', { name: opened.subject }).waitFor();
    await expect.poll(() => sidebarCount(page)).toBe(start - 1);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^\\(${start - 1}\\) `));
    await expect.poll(() => serverCount()).toBe(start - 1);
  });
});
