import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { EmailChannel } from '../../src/protocol/api/channels';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { publishRecords } from '../support/dns-server';
import { sendEmail, startEmailServer } from '../support/email-server';
import { useMailServers } from '../support/mail-servers';

/** A 1×1 PNG: the customer's inline logo and the remote "tracking pixel". */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SPF_HOST = 'spf.sender.example';

/** A website serving remote images, counting how often it was asked. */
let images: Server;
let imageUrl: string;
let imageHits = 0;

const uid = () => randomBytes(4).toString('hex');

const mailServers = useMailServers();

beforeAll(async () => {
  images = createServer((_request, response) => {
    imageHits += 1;
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(PNG);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/pixel.png`;
});

afterAll(async () => {
  await new Promise((resolve) => images?.close(resolve));
});

// After the mail servers above: its start needs their addresses.
const suite = useSeededBrowserSuite(() =>
  startEmailServer({
    org: 'email-e2e',
    conversations: 3,
    messagesPerConversation: 1,
    // Replies held 2 s: these tests are about what goes out, not the hold (held-send.test.ts).
    env: { SMTP_URL: mailServers.sink.url, EMAIL_SPF_INCLUDE: SPF_HOST, REPLY_HOLD_S: '2' },
    dns: mailServers.dns,
  }),
);

/** A browser of its own, signed in (as the owner, or another member) and live. */
const signedIn = (email?: string): Promise<Page> => suite.newAgentPage(email ? { email } : {});

/** Sends a customer's mail and opens its conversation once it is listed. */
async function openMailFrom(page: Page, subject: string, mail: Parameters<typeof sendEmail>[1]): Promise<void> {
  await sendEmail(suite.app.smtpPort, { to: suite.app.address, subject, ...mail });
  const row = page.getByTestId('conversation-row').filter({ hasText: subject });
  await expect.poll(() => row.count()).toBe(1);
  await row.click();
  await expect.poll(() => page.getByRole('log', { name: 'Messages' }).getByTestId('message').count()).toBeGreaterThan(0);
}

describe('email channel in the agent app', () => {
  it('an email arriving while the inbox is open appears without a reload, formatted in a sandbox, with images and files on demand', async () => {
    const page = await signedIn();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const customer = `jane-${uid()}@customer.example`;
    const subject = `Where is my teapot? ${uid()}`;
    imageHits = 0;
    await sendEmail(suite.app.smtpPort, {
      from: { name: 'Jane Doe', address: customer },
      to: suite.app.address,
      subject,
      text: 'Hello team,\nMy order never came.',
      html: `<p>Hello <b>team</b>,</p><p>My order never came.</p><p><img src="cid:logo@jane" alt="Logo" width="1" height="1"></p><img src="${imageUrl}" alt="Tracker" width="1" height="1">`,
      attachments: [
        { filename: 'receipt.txt', content: 'order 42', contentType: 'text/plain' },
        { filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@jane' },
      ],
    });

    // Live: the row arrives in the open list, in the same document.
    const row = page.getByTestId('conversation-row').filter({ hasText: subject });
    await expect.poll(() => row.count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await row.click();

    // The formatted body is in a sandboxed frame: no scripts, no same origin.
    const frameElement = page.getByTestId('email-frame');
    await expect.poll(() => frameElement.count()).toBe(1);
    const sandbox = (await frameElement.getAttribute('sandbox')) ?? '';
    expect(sandbox.split(/\s+/)).not.toContain('allow-scripts');
    expect(sandbox.split(/\s+/)).not.toContain('allow-same-origin');
    const frame = page.frameLocator('[data-testid="email-frame"]');
    await expect.poll(() => frame.getByText('My order never came.').isVisible()).toBe(true);
    expect(await frame.locator('b').textContent()).toBe('team');

    // The inline logo (the mail's own part) shows at once, fetched with the agent's token; the remote image waits.
    await expect.poll(() => frame.locator('img[alt="Logo"]').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await frame.locator('img[alt="Tracker"]').getAttribute('src')).toBeNull();
    await expect.poll(() => page.getByText('1 remote image blocked.').isVisible()).toBe(true);
    expect(imageHits).toBe(0);
    await page.getByRole('button', { name: 'Load images' }).click();
    await expect.poll(() => frame.locator('img[alt="Tracker"]').getAttribute('src')).toBe(imageUrl);
    await expect.poll(() => imageHits).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Load images' }).count()).toBe(0);

    // The plain text is one click away.
    await page.getByRole('button', { name: 'Show plain text' }).click();
    await expect.poll(() => page.getByRole('log', { name: 'Messages' }).getByText('My order never came.').isVisible()).toBe(true);
    expect(await page.getByTestId('email-frame').count()).toBe(0);
    await page.getByRole('button', { name: 'Show formatted' }).click();
    await expect.poll(() => page.getByTestId('email-frame').count()).toBe(1);

    // A file downloads for the signed-in agent, without its token in any URL.
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download receipt\.txt/ }).click()]);
    expect(download.suggestedFilename()).toBe('receipt.txt');
    expect(readFileSync(await download.path(), 'utf8')).toBe('order 42');
    const token = suite.app.session.token;
    expect(requested.some((url) => url.includes(token))).toBe(false);
    expect(requested.some((url) => /\/api\/attachments\/\d+$/.test(url))).toBe(true);
  });

  it('replies go out with their attached files, and machine-written mail carries a quiet badge', async () => {
    const page = await signedIn();
    const customer = `sam-${uid()}@customer.example`;
    const subject = `Refund form ${uid()}`;
    await openMailFrom(page, subject, { from: customer, text: 'Can you send me the refund form?' });

    await page.getByTestId('attach-input').setInputFiles({ name: 'refund-form.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 refund form') });
    const attached = page.getByRole('list', { name: 'Attached files' });
    await expect.poll(() => attached.getByText('refund-form.pdf', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => attached.getByRole('status').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Reply' }).fill('Here is the form.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const thread = page.getByRole('log', { name: 'Messages' });
    await expect.poll(() => thread.getByRole('button', { name: /^Download refund-form\.pdf/ }).isVisible()).toBe(true);
    expect(await attached.count()).toBe(0);

    // Once its hold has passed, the customer receives it with the file.
    const mail = await mailServers.sink.waitFor((received) => received.to.includes(customer), 30_000);
    expect(mail.text.trim()).toBe('Here is the form.');
    expect(mail.attachments.map((file) => [file.filename, file.content.toString('utf8')])).toEqual([['refund-form.pdf', '%PDF-1.4 refund form']]);

    // An out-of-office answer is stored and marked, and nothing answers it.
    await sendEmail(suite.app.smtpPort, {
      from: customer,
      to: suite.app.address,
      subject: `Out of office: Re: ${subject}`,
      text: 'I am away until Monday.',
      inReplyTo: mail.messageId,
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    const auto = thread.getByTestId('message').filter({ hasText: 'I am away until Monday.' });
    await expect.poll(() => auto.getByText('Auto-reply', { exact: true }).isVisible()).toBe(true);
  });

  it('a reply the mail server refuses shows why it was not delivered', async () => {
    const page = await signedIn();
    const customer = `gone-${uid()}@customer.example`;
    mailServers.sink.refuse(customer, { code: 550, message: '5.1.1 No such user here' });
    await openMailFrom(page, `Bouncing ${uid()}`, { from: customer, text: 'Hello?' });
    await page.getByRole('textbox', { name: 'Reply' }).fill('We are on it.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const failed = page.getByRole('log', { name: 'Messages' }).getByTestId('message').filter({ hasText: 'We are on it.' });
    await expect.poll(() => failed.getByRole('alert').textContent(), { timeout: 30_000 }).toMatch(/^Not delivered: .*550 5\.1\.1 No such user here/);
  });

  it('settings → Email: add an address (with the API\'s errors), verify its DNS records, remove it', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Email', exact: true }).click();
    await page.waitForURL(`**/${suite.seeded.slug}/emails`);
    const rows = page.getByTestId('support-address');
    await expect.poll(() => rows.filter({ hasText: suite.app.address }).getByText('Verified', { exact: true }).isVisible()).toBe(true);

    const field = page.getByRole('textbox', { name: 'Support address' });
    await field.fill(suite.app.address.toUpperCase());
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(() => page.getByText('is already one of your support addresses').first().isVisible()).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    const domain = `acme-${uid()}.example`;
    await field.fill(`help@${domain}`);
    await page.getByRole('button', { name: 'Add address' }).click();
    const row = rows.filter({ hasText: `help@${domain}` });
    await expect.poll(() => row.count()).toBe(1);
    // Before any check it says why no mail flows and lists what to publish, open by itself, the challenge first.
    await expect.poll(() => row.getByTestId('dns-record').count()).toBe(4);
    expect(await row.getByText(`Not verified: mail to and from this address is paused until ${domain} is verified.`).isVisible()).toBe(true);
    const channel = (await suite.api.get<EmailChannel[]>('organization/channels')).body.find((entry) => entry.email === `help@${domain}`);
    if (!channel) throw new Error('The new address is not listed');
    const [challenge] = channel.domain.records;
    expect(challenge?.name).toBe(`_inbox-challenge.${domain}`);
    expect(await row.getByText(challenge?.expected ?? '-', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(`v=spf1 include:${SPF_HOST} ~all`).isVisible()).toBe(true);

    // Nothing published: the check says what is missing.
    await row.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect.poll(() => row.getByText('Missing or wrong: Challenge, MX, SPF, DKIM.', { exact: false }).isVisible()).toBe(true);
    expect(await row.getByText(/^No MX record/).isVisible()).toBe(true);
    expect(await row.getByText('Missing', { exact: true }).count()).toBe(4);

    // Published (slowly answered): Checking… while it runs, then Verified, and mail is no longer paused.
    publishRecords(mailServers.dns, channel.domain.records);
    for (const name of [domain, `_inbox-challenge.${domain}`, `inbox._domainkey.${domain}`]) {
      const zone = mailServers.dns.zones.get(name);
      if (zone) mailServers.dns.zones.set(name, { ...zone, delayMs: 600 });
    }
    await row.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect.poll(() => row.getByText('Checking…').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Verified', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(/mail to and from this address is paused/).count()).toBe(0);
    expect((await suite.api.get<EmailChannel[]>('organization/channels')).body.find((entry) => entry.email === `help@${domain}`)?.domain.verification).toBe('VERIFIED');

    // Removing asks first.
    await row.getByRole('button', { name: `Remove help@${domain}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove help@${domain}?` });
    await dialog.getByRole('button', { name: 'Remove address' }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await suite.api.get<EmailChannel[]>('organization/channels')).body.map((channel) => channel.email)).toEqual([suite.app.address]);
  });

  it('a teammate without channel.* has no Email page', async () => {
    const page = await signedIn(`alex@${suite.seeded.slug}.example`);
    expect(await page.getByRole('link', { name: 'Email', exact: true }).count()).toBe(0);
    await page.goto(`/${suite.seeded.slug}/emails`);
    await expect.poll(() => page.getByRole('heading', { name: /access/i }).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Support address' }).count()).toBe(0);
  });
});
