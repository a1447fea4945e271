import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { sendEmail, startEmailServer } from '../support/email-server';
import { useMailServers } from '../support/mail-servers';

const uid = () => randomBytes(4).toString('hex');

const mailServers = useMailServers();

const suite = useSeededBrowserSuite(() => startEmailServer({ org: 'forward-e2e', conversations: 3, messagesPerConversation: 1, env: { SMTP_URL: mailServers.sink.url, REPLY_HOLD_S: '2' }, dns: mailServers.dns }));

/** Sends a customer's mail and opens its conversation once it is listed. */
async function openMailFrom(page: Page, from: string, subject: string, text: string): Promise<void> {
  await sendEmail(suite.app.smtpPort, { from, to: suite.app.address, subject, text });
  const row = page.getByTestId('conversation-row').filter({ hasText: subject });
  await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
  await row.click();
  await page.getByRole('log', { name: 'Messages' }).getByText(text).waitFor();
}

describe('forwarding by email', () => {
  it('forwards the conversation from its menu and one message from its card, each leaving a note in the thread', async () => {
    const page = await suite.newAgentPage();
    const id = uid();
    const subject = `Refund question ${id}`;
    await openMailFrom(page, `jo-${id}@customer.example`, subject, `Can I get a refund for order ${id}?`);

    const accounts = `accounts-${id}@finance.example`;
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Forward by email…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward this conversation' });
    await dialog.getByRole('combobox', { name: 'To' }).fill(accounts);
    await dialog.getByRole('combobox', { name: 'To' }).press('Enter');
    await dialog.getByLabel('Note (optional)').fill('Please approve this refund.');
    await dialog.getByRole('button', { name: 'Forward' }).click();

    const mail = await mailServers.sink.waitFor((received) => received.to.includes(accounts), 20_000);
    expect(mail.subject).toBe(`Fwd: ${subject}`);
    expect(mail.envelope.from).toBe(suite.app.address);
    expect(mail.text).toContain('Please approve this refund.');
    expect(mail.text).toContain(`> Can I get a refund for order ${id}?`);
    const thread = page.getByRole('log', { name: 'Messages' });
    await expect.poll(() => thread.getByText(`Conversation forwarded to ${accounts} by`).isVisible(), { timeout: 15_000 }).toBe(true);

    const it = `it-${id}@example.org`;
    const message = thread.getByTestId('message').filter({ hasText: `order ${id}` });
    await message.getByRole('button', { name: 'Forward by email' }).click();
    const single = page.getByRole('dialog', { name: 'Forward this message' });
    await single.getByRole('combobox', { name: 'To' }).fill(it);
    await single.getByRole('button', { name: 'Forward' }).click();
    const second = await mailServers.sink.waitFor((received) => received.to.includes(it), 20_000);
    expect(second.text).toContain('---------- Forwarded message ----------');
    await expect.poll(() => thread.getByText(`Message forwarded to ${it} by`).isVisible(), { timeout: 15_000 }).toBe(true);
  });
});
