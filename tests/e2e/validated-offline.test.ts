import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';

/** Issue 11 (5): the worker checks an action with the server's schema before it is queued. */
const suite = useSeededBrowserSuite({ org: 'validated-offline', conversations: 2, messagesPerConversation: 1 });
let target: Conversation;

beforeAll(async () => {
  const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=1')).body;
  target = conversations[0]!;
});

describe('an invalid action offline', () => {
  it('a tag "!!!" is refused at once with the server’s text and never shows as a chip', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/conversations/view/${target.id}`);
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    await page.context().setOffline(true);
    await waitForConnection(page, 'Offline');
    const chips = page.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    const before = await chips.count();

    await page.getByLabel('Add tag').fill('!!!');
    await page.getByLabel('Add tag').press('Enter');
    await expect.poll(() => page.getByText('name: must contain a letter or a digit').first().isVisible()).toBe(true);
    expect(await chips.count()).toBe(before);

    // A valid tag offline still shows at once.
    await page.getByLabel('Add tag').fill('Valid one');
    await page.getByLabel('Add tag').press('Enter');
    await expect.poll(() => chips.count()).toBe(before + 1);
  });
});
