import { describe, expect, it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import { CONVERSATION_PAGE_SIZE } from '../../src/protocol/constants';
import { DEFAULT_INBOX_QUERY } from '../../src/protocol/inbox-query/inbox-query';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';

type FirstRows = { rows: string[]; status: string };

declare global {
  interface Window {
    firstRows?: FirstRows;
    highlighted?: string[];
  }
}

/**
 * Records, in the page, the rows of the list and the connection status at the moment the first
 * rows are in the DOM (before the app's own scripts run, so nothing is missed).
 */
function recordFirstRows(): void {
  const look = () => {
    if (window.firstRows) return;
    const rows = [...document.querySelectorAll('[data-testid="conversation-row"]')];
    if (rows.length === 0) return;
    window.firstRows = {
      rows: rows.map((row) => row.id),
      status: document.querySelector('[data-testid="connection-status"]')?.textContent ?? '',
    };
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
}

/** Records, in the page, every row ever shown highlighted as just arrived (§9), by its link. */
function recordHighlights(): void {
  window.highlighted = [];
  const look = () => {
    for (const row of document.querySelectorAll('.conv-row--new')) {
      const href = row.getAttribute('href') ?? row.closest('[href]')?.getAttribute('href') ?? '?';
      if (!window.highlighted?.includes(href)) window.highlighted?.push(href);
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
}

describe('a first visit shows the first screen first', () => {
  // Enough history that its bootstrap takes a while after the first screen. The server waits long
  // for the first screen's PAINTED, so on a busy machine too the rest goes because the worker said
  // so, not because the wait ran out.
  const suite = useSeededBrowserSuite({ org: 'first-screen', conversations: 4_000, messagesPerConversation: 8, env: { FIRST_SCREEN_WAIT_MS: '30000' } });

  it('the default inbox paints its first page while the rest of the bootstrap is still arriving', async () => {
    const search = new URLSearchParams({ search: DEFAULT_INBOX_QUERY, limit: String(CONVERSATION_PAGE_SIZE) });
    const firstPage = await suite.api.get<ConversationPage>(`conversations/?${search.toString()}`);
    const expected = firstPage.body.conversations.map((conversation) => conversation.id);
    expect(expected.length).toBeGreaterThan(0);
    const firstScreens = async (outcome: string) => (await suite.metrics()).value('inbox_bootstrap_first_screens_total', { outcome });
    const [answeredBefore, timedOutBefore] = [await firstScreens('answered'), await firstScreens('timed_out')];

    const page = await suite.newAgentPage({ live: false, init: recordFirstRows });
    await expect.poll(() => page.evaluate(() => window.firstRows ?? null), { timeout: 60_000 }).not.toBeNull();
    const first = (await page.evaluate(() => window.firstRows)) as FirstRows;
    // The rows came before "Live": the bootstrap had not ended.
    expect(first.status).not.toContain('Live');
    // They are the default inbox's first page, in its order (the rows shown of it).
    const shown = first.rows.map((id) => Number(id.replace('conversation-row-', '')));
    expect(shown).toEqual(expected.slice(0, shown.length));
    await waitForConnection(page, 'Live');
    // The worker said it had written the first screen: the server sent the rest without waiting out its time.
    expect(await firstScreens('answered')).toBe(answeredBefore + 1);
    expect(await firstScreens('timed_out')).toBe(timedOutBefore);
  });

  it('highlights no row the first sync fills in, and a conversation arriving once Live', async () => {
    // Newest first, so a conversation with news arrives at the top of the agent's default inbox.
    await suite.api.patch('account/', { custom_inboxes: [{ key: 'newest', name: 'Newest', query: 'order:newest', is_default: true }] });
    const page = await suite.newAgentPage({ live: false, init: recordHighlights });
    await expect.poll(() => page.getByTestId('conversation-row').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await waitForConnection(page, 'Live');
    expect(await page.evaluate(() => window.highlighted)).toEqual([]);

    // The organization's oldest conversation, far below the rows read so far, comes to the top with a teammate's note.
    const oldest = (await suite.api.get<ConversationPage>('conversations/?limit=1&order=oldest')).body.conversations[0];
    if (!oldest) throw new Error('The seed has no conversation');
    expect((await suite.api.post(`conversations/${oldest.id}/notes`, { message: 'Called the customer back.' })).status).toBe(201);
    const id = oldest.id;
    await expect.poll(() => page.evaluate(() => window.highlighted), { timeout: 10_000 }).toEqual([expect.stringContaining(`/view/${id}?`)]);
  });
});
