import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';
import { startEmailServer } from '../support/email-server';
import { useMailServers } from '../support/mail-servers';

const uid = () => randomBytes(4).toString('hex');

const mailServers = useMailServers();

const suite = useSeededBrowserSuite(() => startEmailServer({ org: 'new-conversation-e2e', conversations: 3, messagesPerConversation: 1, env: { SMTP_URL: mailServers.sink.url }, dns: mailServers.dns }));

async function fillNewConversation(page: Page, to: string, subject: string, message: string): Promise<void> {
  const to_ = page.getByRole('combobox', { name: 'To' });
  await to_.fill(to);
  await to_.press('Enter');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
}

describe('a new conversation by email', () => {
  it('starts from the sidebar, shows at once with its held message, and the customer gets it from the support address', async () => {
    const page = await suite.newAgentPage();
    const id = uid();
    const customer = `lee-${id}@prospect.example`;
    await page.goto(`/${suite.seeded.slug}/conversations`);
    await page.getByRole('link', { name: 'New conversation' }).click();
    await page.getByRole('heading', { name: 'New conversation' }).waitFor();

    // Nothing typed: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Add the address to write to.' }).waitFor();

    const subject = `Your trial ${id}`;
    await fillNewConversation(page, customer, subject, `Hi Lee, your trial ${id} ends Friday.`);
    // Formatted like a reply: a bold word typed with Ctrl+B.
    await page.getByRole('textbox', { name: 'Message' }).press('End');
    await page.keyboard.type(' ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('Reply soon');
    await page.keyboard.press('Control+B');
    await page.getByRole('textbox', { name: 'Message' }).press('Control+Enter');

    // The conversation opens under its new id, with the held message and its countdown.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 45_000 }).toMatch(new RegExp(`/${suite.seeded.slug}/conversations/view/[1-9][0-9]*$`));
    await page.getByRole('heading', { name: subject }).waitFor();
    await page.getByTestId('pending-send').waitFor();
    await page.getByTestId('conversation-row').filter({ hasText: subject }).waitFor();

    const mail = await mailServers.sink.waitFor((received) => received.to.includes(customer), 30_000);
    expect(mail.subject).toBe(subject);
    expect(mail.envelope.from).toBe(suite.app.address);
    expect(mail.text).toContain(`your trial ${id} ends Friday`);
    expect(mail.html).toContain('<strong>Reply soon</strong>');
    // One Ctrl+Enter, one conversation.
    expect(await page.getByTestId('conversation-row').filter({ hasText: subject }).count()).toBe(1);
  });

  it('offline from the palette: it waits in the list, Undo takes it back before it leaves, and a second one goes once online', async () => {
    const page = await suite.newAgentPage();
    const context = page.context();
    const id = uid();
    await page.goto(`/${suite.seeded.slug}/conversations`);
    await waitForConnection(page, 'Live');
    await context.setOffline(true);
    await waitForConnection(page, 'Offline');

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect.poll(() => palette.isVisible()).toBe(true);
    await page.keyboard.type('new conv');
    await expect.poll(() => palette.getByRole('option', { name: /New conversation/, selected: true }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'New conversation' }).waitFor();
    const undone = `Undone ${id}`;
    await fillNewConversation(page, `undo-${id}@prospect.example`, undone, 'This one is taken back.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: undone }).waitFor();
    await page.getByText('Offline: this conversation starts as soon as the connection is back.').waitFor();
    await page.getByTestId('conversation-row').filter({ hasText: undone }).waitFor();
    await page.getByTestId('pending-send').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByTestId('conversation-row').filter({ hasText: undone }).count()).toBe(0);
    await page.getByText('Taken back: nothing was sent.').waitFor();

    await page.getByRole('link', { name: 'New conversation' }).click();
    const kept = `Kept ${id}`;
    const customer = `kept-${id}@prospect.example`;
    await fillNewConversation(page, customer, kept, 'This one goes when we are back.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: kept }).waitFor();

    await context.setOffline(false);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toMatch(/\/conversations\/view\/[1-9][0-9]*$/);
    await page.getByRole('heading', { name: kept }).waitFor();
    const mail = await mailServers.sink.waitFor((received) => received.to.includes(customer), 40_000);
    expect(mail.subject).toBe(kept);
    expect(mailServers.sink.messages.some((received) => received.subject === undone)).toBe(false);
  });
});
