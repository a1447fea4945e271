import { describe, expect, it } from 'vitest';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { withServerDatabase } from '../support/server-database';
import { openWidget } from '../support/widget-client';

// Many conversations, and many of them urgent (priority 1, as the seed makes those tagged urgent):
// more than the rows a screen shows, so an order that put them first would push a new chat out of sight.
const suite = useSeededBrowserSuite({ org: 'new-chat-e2e', conversations: 300, messagesPerConversation: 2 });

describe('a new chat in the default inbox', () => {
  it('a visitor’s chat arriving while the inbox is open is among the visible rows, without scrolling or searching', async () => {
    const urgent = await withServerDatabase(suite.server, async (db) => {
      const open = await db.selectFrom('conversations').select('id').where('status', '=', 'OPENED').where('agent_id', 'is', null).orderBy('id').limit(40).execute();
      await db.updateTable('conversations').set({ priority: 1 }).where('id', 'in', open.map((row) => row.id)).execute();
      return open.length;
    });
    expect(urgent).toBeGreaterThan(20);
    expect((await suite.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } })).status).toBe(200);

    const page = await suite.newAgentPage({ context: { viewport: { width: 1280, height: 720 } } });
    const scroller = page.getByTestId('conversation-scroller');
    const rows = page.getByTestId('conversation-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(5);

    const text = `Hi, my order never arrived ${Date.now()}`;
    const widget = openWidget(suite.server.url, { org: suite.seeded.slug, ip: '203.0.113.34' });
    await widget.ready();
    widget.send({ action: 'send', client_id: 'arriving-chat-1', text });
    await widget.next((frame) => frame.action === 'sent');
    await widget.close();

    const row = rows.filter({ hasText: text });
    await expect.poll(() => row.count(), { timeout: 20_000, message: 'the new chat is listed in the default inbox' }).toBe(1);
    expect(await scroller.evaluate((element) => element.scrollTop)).toBe(0);
    const visible = await row.evaluate((element) => {
      const list = document.querySelector('[data-testid="conversation-scroller"]');
      if (!list) return false;
      const box = element.getBoundingClientRect();
      const view = list.getBoundingClientRect();
      return box.top >= view.top && box.bottom <= view.bottom && box.height > 0;
    });
    expect(visible, 'the new chat is within the list’s visible rows').toBe(true);
    expect(page.url()).not.toContain('search');
  });
});
