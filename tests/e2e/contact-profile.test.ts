import { beforeAll, describe, expect, it } from 'vitest';
import type { Contact, Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'contact-profile-e2e', conversations: 4, messagesPerConversation: 1 });
const wide = { viewport: { width: 1440, height: 900 } };
let conversations: Conversation[];

beforeAll(async () => {
  conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=4&order=newest')).body.conversations;
});

describe('contact profile', () => {
  it('edits the contact in the panel, seen in another tab, merges another contact into it, and opens the contact page with both conversations', async () => {
    const [open, other] = conversations.filter((c, index, all) => all.findIndex((x) => x.contact_id === c.contact_id) === index) as [Conversation, Conversation];
    const otherContact = (await suite.api.get<Contact>(`contacts/${other.contact_id}`)).body;
    const page = await suite.newAgentPage({ context: wide });
    const second = await page.context().newPage();
    const path = `/${suite.seeded.slug}/conversations/view/${open.id}`;
    await page.goto(path);
    await second.goto(path);
    await waitForConnection(second, 'Live');

    const panel = page.getByRole('complementary', { name: 'Contact' });
    await panel.getByRole('button', { name: 'Edit contact' }).click();
    const form = panel.getByRole('form', { name: 'Edit contact' });
    await form.getByLabel('Name').fill('Dana Scully');
    await form.getByLabel('Company').fill('Bureau');
    await form.getByLabel('Trusted customer').check();
    await form.getByRole('button', { name: 'Save' }).click();
    const otherPanel = second.getByRole('complementary', { name: 'Contact' });
    await expect.poll(() => otherPanel.getByRole('heading', { name: 'Dana Scully' }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => otherPanel.textContent()).toContain('Bureau');
    expect(await otherPanel.getByText('Trusted', { exact: true }).count()).toBe(1);

    await panel.getByRole('button', { name: 'Merge…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge a contact into Dana Scully' });
    await dialog.getByLabel('Find the other contact').fill(otherContact.email ?? otherContact.name);
    await dialog.getByRole('radio').first().check();
    expect(await dialog.textContent()).toContain('is deleted. This cannot be undone.');
    await dialog.getByRole('button', { name: 'Merge' }).click();
    const list = otherPanel.getByRole('list', { name: 'Conversations' });
    await expect.poll(() => list.getByRole('link', { name: new RegExp(other.subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await suite.api.get(`contacts/${other.contact_id}`)).status, { timeout: 20_000 }).toBe(404);

    // The contact's own page: both conversations, and the billing section (no note from here).
    await otherPanel.getByRole('link', { name: 'Dana Scully' }).click();
    await second.getByRole('heading', { name: 'Dana Scully', level: 1 }).waitFor();
    const listed = second.getByRole('region', { name: /^Conversations/ });
    await expect.poll(() => listed.getByRole('link').count()).toBeGreaterThanOrEqual(2);
    expect(await second.getByRole('region', { name: 'Billing' }).getByRole('button', { name: 'Look up in Stripe' }).count()).toBe(1);
  });
});
