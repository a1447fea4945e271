import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MessagePage } from '../../src/protocol/api/conversation-requests';
import type { Contact, Conversation } from '../../src/protocol/documents';
import { ERROR_TEXTS } from '../../src/protocol/error-texts';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'actions-e2e', conversations: 6, messagesPerConversation: 4 });
let conversations: Conversation[];

beforeAll(async () => {
  conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100&order=newest')).body.conversations;
});

async function openConversation(id: number, init?: () => void): Promise<Page> {
  const page = await suite.newAgentPage(init ? { init } : {});
  await page.goto(`/${suite.seeded.slug}/conversations/view/${id}`);
  await expect.poll(() => page.getByTestId('message').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  return page;
}

const thread = async (id: number) => (await suite.api.get<MessagePage>(`conversations/${id}/messages/?limit=100`)).body.messages;

describe('conversation actions', () => {
  it('splits from a message: it leaves the thread and the new conversation opens with it', async () => {
    const source = conversations.find((c) => c.channel === 'EMAIL') ?? conversations[0];
    if (!source) throw new Error('Nothing seeded');
    const before = await thread(source.id);
    const messages = before.filter((m) => m.type === 'MESSAGE');
    const at = messages[2];
    if (!at) throw new Error('The seeded thread is too short');
    const page = await openConversation(source.id);

    const card = page.locator(`[data-testid="message"][data-entry-id="${at.id}"]`);
    await card.getByRole('button', { name: 'Split from here' }).click();
    await page.getByRole('dialog', { name: 'Split into a new conversation?' }).getByRole('button', { name: 'Split conversation' }).click();

    await expect.poll(() => /\/view\/(\d+)/.exec(page.url())?.[1], { timeout: 20_000 }).not.toBe(String(source.id));
    const newId = Number(/\/view\/(\d+)/.exec(page.url())?.[1]);
    const moved = before.slice(before.findIndex((m) => m.id === at.id)).map((m) => m.id);
    await expect.poll(() => page.getByTestId('message').evaluateAll((entries) => entries.map((e) => e.getAttribute('data-entry-id')))).toEqual(
      moved.filter((id) => id.startsWith('m-')),
    );
    expect((await thread(newId)).map((m) => m.id)).toEqual(moved);
    expect((await thread(source.id)).map((m) => m.id)).toEqual(before.slice(0, before.length - moved.length).map((m) => m.id));
    expect((await suite.api.get<Conversation>(`conversations/${newId}`)).body).toMatchObject({ status: 'OPENED', subject: source.subject, contact_id: source.contact_id });
  });

  it('marks as spam from the header menu, blocking the contact, and goes back to the list', async () => {
    const target = conversations.find((c) => c.channel === 'EMAIL' && c.id !== conversations[0]?.id) ?? conversations[1];
    if (!target) throw new Error('Nothing seeded');
    const page = await openConversation(target.id);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Mark as spam…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as spam?' });
    await dialog.getByLabel(/Also block this contact/).check();
    await dialog.getByRole('button', { name: 'Mark as spam' }).click();

    await expect.poll(() => page.url()).toMatch(/\/conversations(\?|$)/);
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body, { timeout: 20_000 }).toMatchObject({
      status: 'CLOSED',
      tags: expect.arrayContaining(['spam']) as unknown as string[],
    });
    await expect.poll(async () => (await suite.api.get<Contact>(`contacts/${target.contact_id}`)).body.is_blocked).toBe(true);

    // Back in the conversation, the contact shows as blocked and can be unblocked.
    await page.goto(`/${suite.seeded.slug}/conversations/view/${target.id}`);
    const header = page.locator('.conv-header');
    await expect.poll(() => header.getByText('Blocked', { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Unblock contact' }).click();
    await expect.poll(async () => (await suite.api.get<Contact>(`contacts/${target.contact_id}`)).body.is_blocked).toBe(false);
    await expect.poll(() => header.getByText('Blocked', { exact: true }).count()).toBe(0);
  });

  it('adds and removes a recipient, and says so when copying fails', async () => {
    const target = conversations.find((c) => c.channel === 'EMAIL' && c.id !== conversations[0]?.id && c.id !== conversations[1]?.id);
    if (!target) throw new Error('No email conversation seeded');
    const page = await openConversation(target.id, () => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) } });
    });
    const recipients = page.getByRole('list', { name: 'Recipients' });
    const field = page.getByLabel('Add recipient');
    await field.fill('Eve <eve@example.com>');
    await field.press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'without a name' }).isVisible()).toBe(true);
    await field.fill('carol@example.com');
    await field.press('Enter');
    await expect.poll(() => recipients.getByText('carol@example.com', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body.recipients.map((r) => r.from))
      .toContain('carol@example.com');
    await recipients.getByRole('button', { name: 'Remove recipient carol@example.com' }).click();
    await expect.poll(() => recipients.getByText('carol@example.com', { exact: true }).count()).toBe(0);
    await expect
      .poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body.recipients.map((r) => r.from))
      .not.toContain('carol@example.com');

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: ERROR_TEXTS.copy }).isVisible()).toBe(true);
  });
});
