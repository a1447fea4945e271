import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';
import { withServerDatabase } from '../support/server-database';
import { waitForServiceWorkerControl } from '../support/service-worker';

const suite = useSeededBrowserSuite({ org: 'window-e2e', conversations: 6, messagesPerConversation: 2 });
const DAY = 24 * 3600_000;
let old: Conversation;

beforeAll(async () => {
  const conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=6&order=newest')).body.conversations;
  const first = conversations[0];
  if (!first) throw new Error('No conversation seeded');
  old = first;
  // Closed, read and last updated 200 days ago: outside the default 90-day window.
  await withServerDatabase(suite.server, (db) =>
    db.updateTable('conversations').set({ status: 'CLOSED', is_unread: 0, last_update_ts: Date.now() - 200 * DAY }).where('id', '=', old.id).execute(),
  );
});

describe('the replication window', () => {
  it('an old closed conversation is not synced, opens from its link fetched from the server, and then opens offline', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/conversations?filter=all`);
    await page.getByTestId('conversation-row').first().waitFor();
    await expect.poll(() => page.getByTestId('conversation-row').count()).toBe(5);
    expect(await page.getByTestId('conversation-row').filter({ hasText: old.subject }).filter({ hasText: 'Closed' }).count()).toBe(0);

    await page.goto(`/${suite.seeded.slug}/conversations/view/${old.id}`);
    await page.getByRole('heading', { name: old.subject }).waitFor({ timeout: 20_000 });
    await page.getByRole('log', { name: 'Messages' }).getByTestId('message').first().waitFor();

    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    await waitForConnection(page, 'Offline');
    await page.reload();
    await page.getByRole('heading', { name: old.subject }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('log', { name: 'Messages' }).getByTestId('message').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.context().setOffline(false);
  });
});
