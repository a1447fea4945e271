import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { sendEmail, startEmailServer } from '../support/email-server';
import { useMailServers } from '../support/mail-servers';

const uid = () => randomBytes(4).toString('hex');

const mailServers = useMailServers();

const suite = useSeededBrowserSuite(() => startEmailServer({ org: 'merge-e2e', conversations: 3, messagesPerConversation: 1, env: { SMTP_URL: mailServers.sink.url }, dns: mailServers.dns }));

describe('merging conversations', () => {
  it("merges a conversation into another of the same contact: one thread in time order, and the merged one's link opens it", async () => {
    const page = await suite.newAgentPage();
    const id = uid();
    const customer = `jo-${id}@customer.example`;
    await sendEmail(suite.app.smtpPort, { from: customer, to: suite.app.address, subject: `Order ${id}`, text: `Where is order ${id}?` });
    await sendEmail(suite.app.smtpPort, { from: customer, to: suite.app.address, subject: `Still waiting ${id}`, text: `Any news on ${id}?` });
    const rows = page.getByTestId('conversation-row');
    await expect.poll(() => rows.filter({ hasText: id }).count(), { timeout: 20_000 }).toBe(2);

    await rows.filter({ hasText: `Still waiting ${id}` }).click();
    const thread = page.getByRole('log', { name: 'Messages' });
    await thread.getByText(`Any news on ${id}?`).waitFor();
    const mergedUrl = page.url();
    const mergedId = Number(/\/view\/(\d+)/.exec(mergedUrl)?.[1]);

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Merge into…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge into another conversation' });
    await dialog.getByRole('radio', { name: new RegExp(`Order ${id}`) }).check();
    await dialog.getByRole('button', { name: 'Merge' }).click();

    await expect.poll(() => Number(/\/view\/(\d+)/.exec(page.url())?.[1])).not.toBe(mergedId);
    const targetId = Number(/\/view\/(\d+)/.exec(page.url())?.[1]);
    const entries = thread.getByTestId('message');
    await expect.poll(() => entries.allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining(`Where is order ${id}?`), expect.stringContaining(`Any news on ${id}?`)]);
    await expect.poll(() => rows.filter({ hasText: id }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await suite.api.get(`conversations/${mergedId}`)).status, { timeout: 15_000 }).toBe(404);

    await page.goto(mergedUrl);
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(`/view/${targetId}`);
    await thread.getByText(`Any news on ${id}?`).waitFor();
  });
});
