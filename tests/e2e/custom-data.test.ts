import { beforeAll, describe, expect, it } from 'vitest';
import type { Contact, Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'custom-data-e2e', conversations: 3, messagesPerConversation: 1 });
const wide = { viewport: { width: 1440, height: 900 } };
let conversation: Conversation;

beforeAll(async () => {
  conversation = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=1&order=newest')).body.conversations[0] as Conversation;
  const inboxes = await suite.api.patch('account/', { custom_inboxes: [{ key: 'pro', name: 'Pro plan', query: 'data.plan:pro is:opened,waiting,closed' }] });
  expect(inboxes.status).toBe(200);
});

describe('custom data', () => {
  it('an admin defines a contact field; an agent sets its value offline in the side panel; the data.plan:pro inbox lists the conversation in another tab', async () => {
    const page = await suite.newAgentPage({ context: wide });
    await page.goto(`/${suite.seeded.slug}/custom-data`);
    await page.getByLabel('Custom data is off').click();
    await page.getByText('Custom data is on').waitFor();
    const contactFields = page.getByRole('form', { name: 'Add a contact field' });
    await contactFields.getByLabel('Field name').fill('Plan');
    await contactFields.getByLabel('Type').selectOption('choice');
    await contactFields.getByLabel('Choices').fill('free, pro, team');
    await contactFields.getByRole('button', { name: 'Add field' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Contact fields' }).textContent()).toContain('data.plan · One of a list: free, pro, team');

    const other = await page.context().newPage();
    await other.goto(`/${suite.seeded.slug}/conversations?inbox=pro`);
    await waitForConnection(other, 'Live');
    const proList = other.getByRole('link', { name: new RegExp(conversation.subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    expect(await proList.count()).toBe(0);

    await page.goto(`/${suite.seeded.slug}/conversations/view/${conversation.id}`);
    const plan = page.getByRole('region', { name: 'Details' }).getByLabel('Plan');
    await plan.waitFor();
    await page.context().setOffline(true);
    await waitForConnection(page, 'Offline');
    await plan.selectOption('pro');
    // Shown at once, offline, in both tabs (the other tab's list matches it in the browser).
    expect(await plan.inputValue()).toBe('pro');
    await expect.poll(() => proList.count(), { timeout: 10_000 }).toBeGreaterThan(0);

    await page.context().setOffline(false);
    await expect
      .poll(async () => (await suite.api.get<Contact>(`contacts/${conversation.contact_id}`)).body.custom_data, { timeout: 20_000 })
      .toEqual({ plan: 'pro' });
    const listed = await suite.api.get<{ conversations: Conversation[] }>(`conversations/?search=${encodeURIComponent('data.plan:pro is:opened,waiting,closed')}`);
    expect(listed.body.conversations.map((c) => c.id)).toContain(conversation.id);
  });
});
