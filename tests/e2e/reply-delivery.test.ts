import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Contact, Conversation } from '../../src/protocol/documents';
import { replyBlockerReason } from '../../src/protocol/reply-delivery';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { startEmailServer } from '../support/email-server';
import { useMailServers } from '../support/mail-servers';


const mailServers = useMailServers();

// After the mail servers above: its start needs their addresses.
const suite = useSeededBrowserSuite(() => startEmailServer({ org: 'delivery-e2e', conversations: 12, messagesPerConversation: 2, env: { SMTP_URL: mailServers.sink.url, REPLY_HOLD_S: '2' }, dns: mailServers.dns }));

/** A held reply goes out 2 s after Send here (REPLY_HOLD_S; the hold itself is held-send.test.ts's), and its job runs within a poll. */
const DELIVERY = { timeout: 45_000 };
const NO_ADDRESS = replyBlockerReason({ kind: 'NO_ADDRESS' });

let used = 0;
/** A seeded email conversation no other test of this file touched, and its customer. */
async function freshConversation(): Promise<{ conversation: Conversation; contact: Contact }> {
  const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=40&order=newest')).body;
  const conversation = conversations.filter((entry) => entry.channel === 'EMAIL')[used++];
  if (!conversation) throw new Error('The seed has too few email conversations');
  const contact = (await suite.api.get<Contact>(`contacts/${conversation.contact_id}`)).body;
  return { conversation, contact };
}

async function openConversation(page: Page, id: number): Promise<void> {
  await page.goto(`/${suite.seeded.slug}/conversations/view/${id}`);
  await page.getByRole('log', { name: 'Messages' }).waitFor();
}

/** Removes the organization's one support address (the seed's), if it is there. */
async function withoutSupportAddress(): Promise<void> {
  const removed = await suite.api.delete(`organization/channels/${encodeURIComponent(suite.app.address)}`);
  expect([204, 404]).toContain(removed.status);
}

const notice = (page: Page) => page.getByTestId('delivery-notice');
const reply = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

describe('replies that cannot be delivered', () => {
  it('a customer without an email address: the composer says so before anything is typed, with a link to the contact', async () => {
    // A conversation an agent started has no recipient but its contact: without the contact's address, none.
    const customer = `dana-${Date.now()}@customer.example`;
    const started = await suite.api.post<{ conversation: Conversation }>('conversations/', { to: customer, subject: 'Your quote', message: 'Here is your quote.' });
    expect(started.status).toBe(201);
    const { conversation } = started.body;
    const page = await suite.newAgentPage();
    await openConversation(page, conversation.id);
    await page.getByLabel('Reply', { exact: true }).waitFor();

    expect((await suite.api.patch(`contacts/${conversation.contact_id}`, { name: 'Dana Scully', email: null })).status).toBe(200);
    await expect.poll(() => notice(page).textContent(), DELIVERY).toBe('Replies here cannot be sent. Dana Scully has no email address, so a reply cannot reach them.Add their address');
    await notice(page).getByRole('link', { name: 'Add their address' }).click();
    await page.waitForURL(`**/${suite.seeded.slug}/contacts/${conversation.contact_id}`);
    await page.getByRole('button', { name: 'Edit contact' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(customer);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await suite.api.get<Contact>(`contacts/${conversation.contact_id}`)).body.email, DELIVERY).toBe(customer);
    await page.goBack();
    await page.getByLabel('Reply', { exact: true }).waitFor();
    await expect.poll(() => notice(page).count()).toBe(0);
  });

  it('without a support address the composer says so before anything is typed: the fix for whoever may make it, who can for the others', async () => {
    const { conversation } = await freshConversation();
    await withoutSupportAddress();
    const page = await suite.newAgentPage();
    const teammate = await suite.newAgentPage({ email: `alex@${suite.seeded.slug}.example` });
    await Promise.all([openConversation(page, conversation.id), openConversation(teammate, conversation.id)]);
    await expect.poll(() => notice(page).textContent(), DELIVERY).toBe(
      'Replies here cannot be sent. Your organization has no support address to send from.Add a support address',
    );
    expect(await notice(page).getByRole('link', { name: 'Add a support address' }).getAttribute('href')).toBe(`/${suite.seeded.slug}/emails`);
    await expect
      .poll(() => notice(teammate).textContent(), DELIVERY)
      .toBe('Replies here cannot be sent. Your organization has no support address to send from. Ask a teammate who manages Settings → Email to add one.');
    expect(await notice(teammate).getByRole('link').count()).toBe(0);
  });

  it('a reply sent without a support address shows Not delivered with the reason and Retry; Retry delivers it once an address is added', async () => {
    const { conversation, contact } = await freshConversation();
    await withoutSupportAddress();
    const page = await suite.newAgentPage();
    const teammate = await suite.newAgentPage({ email: `alex@${suite.seeded.slug}.example` });
    await Promise.all([openConversation(page, conversation.id), openConversation(teammate, conversation.id)]);

    // Held as usual, then not delivered with the reason, never shown as sent.
    const text = `Your parcel left today ${Date.now()}.`;
    await page.getByLabel('Reply', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send reply' }).click();
    const failed = reply(page, text).getByTestId('not-delivered');
    await expect.poll(() => failed.textContent(), DELIVERY).toBe(`Not delivered: ${NO_ADDRESS}Retry`);
    expect(await reply(page, text).getByText('tried to reply').isVisible()).toBe(true);
    await expect.poll(() => reply(teammate, text).getByTestId('not-delivered').textContent(), DELIVERY).toBe(`Not delivered: ${NO_ADDRESS} Only Demo Owner can retry it.`);
    expect(await reply(teammate, text).getByRole('button', { name: 'Retry' }).count()).toBe(0);

    // Retry while the cause is still there: refused with the reason, and still not delivered.
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Notifications' }).getByText(NO_ADDRESS).count()).toBe(1);
    await expect.poll(() => failed.textContent()).toBe(`Not delivered: ${NO_ADDRESS}Retry`);

    // The fix: the notice's link, the address added back (its domain's proof was kept).
    await notice(page).getByRole('link', { name: 'Add a support address' }).click();
    await page.waitForURL(`**/${suite.seeded.slug}/emails`);
    await page.getByRole('textbox', { name: 'Support address' }).fill(suite.app.address);
    await page.getByRole('button', { name: 'Add address' }).click();
    const row = page.getByTestId('support-address').filter({ hasText: suite.app.address });
    await expect.poll(() => row.getByText('Verified', { exact: true }).isVisible()).toBe(true);
    await page.goBack();
    await page.getByLabel('Reply', { exact: true }).waitFor();
    await expect.poll(() => notice(page).count()).toBe(0);

    await reply(page, text).getByRole('button', { name: 'Retry' }).click();
    const mail = await mailServers.sink.waitFor((received) => received.to.includes(contact.email ?? '-'), 30_000);
    expect(mail.text).toContain(text);
    expect(mail.envelope.from).toBe(suite.app.address);
    // Every tab and teammate sees it delivered, through the change feed.
    for (const viewer of [page, teammate]) {
      await expect.poll(() => reply(viewer, text).getByTestId('not-delivered').count(), DELIVERY).toBe(0);
      await expect.poll(() => reply(viewer, text).getByTestId('pending-send').count(), DELIVERY).toBe(0);
      expect(await reply(viewer, text).getByText('replied', { exact: true }).isVisible()).toBe(true);
    }
  });
});
