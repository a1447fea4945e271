import { describe, expect, it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import { CONVERSATION_PAGE_SIZE } from '../../src/protocol/constants';
import { DEFAULT_INBOX_QUERY } from '../../src/protocol/inbox-query/inbox-query';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';

type FirstRows = { rows: string[]; status: string };

declare global {
  interface Window {
    firstRows?: FirstRows;
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

describe('a first visit shows the first screen first', () => {
  // Enough history that its bootstrap takes a while after the first screen.
  const suite = useSeededBrowserSuite({ org: 'first-screen', conversations: 4_000, messagesPerConversation: 8 });

  it('the default inbox paints its first page while the rest of the bootstrap is still arriving', async () => {
    const search = new URLSearchParams({ search: DEFAULT_INBOX_QUERY, limit: String(CONVERSATION_PAGE_SIZE) });
    const firstPage = await suite.api.get<ConversationPage>(`conversations/?${search.toString()}`);
    const expected = firstPage.body.conversations.map((conversation) => conversation.id);
    expect(expected.length).toBeGreaterThan(0);

    const page = await suite.newAgentPage({ live: false, init: recordFirstRows });
    await expect.poll(() => page.evaluate(() => window.firstRows ?? null), { timeout: 60_000 }).not.toBeNull();
    const first = (await page.evaluate(() => window.firstRows)) as FirstRows;
    // The rows came before "Live": the bootstrap had not ended.
    expect(first.status).not.toContain('Live');
    // They are the default inbox's first page, in its order (the rows shown of it).
    const shown = first.rows.map((id) => Number(id.replace('conversation-row-', '')));
    expect(shown).toEqual(expected.slice(0, shown.length));
    await waitForConnection(page, 'Live');
  });
});
