import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { assertAppBuilt, launchBrowser } from '../support/browser';
import { sendEmail, startEmailServer, type EmailServer } from '../support/email-server';
import { signInAsOwner } from '../support/seeded-server';
import { waitForServiceWorkerControl } from '../support/service-worker';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CONTROL = 'window.__controlRan = true';

type Violation = { directive: string; blocked: string; sample: string; where: string };

let browser: Browser;
let app: EmailServer;
/** Another origin: it collects CSP reports, serves remote images and a page that frames the app. */
let other: Server;
let otherUrl: string;
const reports: unknown[] = [];
let imageHits = 0;

const uid = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  assertAppBuilt();
  other = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/csp-reports') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        reports.push(JSON.parse(body));
        response.writeHead(204).end();
      });
      return;
    }
    if (request.url === '/pixel.png') {
      imageHits += 1;
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      return;
    }
    if (request.url === '/own-page') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>A page of this site</p>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Another site</title>
      <iframe id="own" src="/own-page"></iframe>
      <iframe id="app" src="${app.server.url}/auth/login"></iframe>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  app = await startEmailServer({ org: 'csp-e2e', conversations: 3, messagesPerConversation: 1, env: { CSP_REPORT_URI: `${otherUrl}/csp-reports` } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.server.stop();
  await new Promise((resolve) => other?.close(resolve));
});

/**
 * Every violation the page sees: `securitypolicyviolation` events of each document (recorded
 * through a binding, so a navigation loses none) and Chromium's console errors about the
 * policy, which also come from the email frame, where no script of ours runs.
 */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('__recordViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const record = (window as unknown as { __recordViolation?: (violation: unknown) => void }).__recordViolation;
      record?.({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample, where: location.href });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push({ directive: 'console', blocked: '', sample: message.text(), where: message.location().url });
    }
  });
  return violations;
}

const live = (page: Page) => expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');

describe('content security policy', () => {
  it('the app runs under its policy with no violation: sign-in, inbox, an HTML email in its frame, settings, workers', async () => {
    const context = await browser.newContext({ baseURL: app.server.url });
    const page = await context.newPage();
    const violations = await watchViolations(page);

    await signInAsOwner(page, app.seeded);
    // The SharedWorker's socket is up and the service worker controls the page.
    await live(page);
    await waitForServiceWorkerControl(page);

    const subject = `Styled mail ${uid()}`;
    await sendEmail(app.smtpPort, {
      from: `jane-${uid()}@customer.example`,
      to: app.address,
      subject,
      text: 'Hello, my order never came.',
      html: `<p style="color: rgb(200, 0, 0); font-weight: bold">Hello, my order never came.</p>
        <p><img src="cid:logo@jane" alt="Logo" width="1" height="1"></p>
        <img src="${otherUrl}/pixel.png" alt="Remote" width="1" height="1">`,
      attachments: [{ filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@jane' }],
    });
    const row = page.getByTestId('conversation-row').filter({ hasText: subject });
    await expect.poll(() => row.count()).toBe(1);
    await row.click();
    const frame = page.frameLocator('[data-testid="email-frame"]');
    const greeting = frame.getByText('Hello, my order never came.');
    await expect.poll(() => greeting.isVisible()).toBe(true);
    // The frame's own style sheet and the mail's style attributes both apply.
    // Polled: the frame may be written again as the message's copy settles.
    await expect.poll(() => frame.locator('body').evaluate((body) => getComputedStyle(body).paddingTop)).toBe('14px');
    await expect.poll(() => greeting.evaluate((p) => getComputedStyle(p).color)).toBe('rgb(200, 0, 0)');
    await expect.poll(() => frame.locator('img[alt="Logo"]').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await page.getByRole('button', { name: 'Load images' }).click();
    await expect.poll(() => frame.locator('img[alt="Remote"]').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(imageHits).toBeGreaterThan(0);

    for (const [path, heading] of [
      ['account/general', 'Account'],
      ['account/security', 'Account'],
      ['account/notifications', 'Account'],
      ['organization/general', 'Organization'],
      ['team', 'Team'],
      ['tags', 'Tags'],
      ['emails', 'Email'],
      ['chat', 'Chat widget'],
      ['inboxes', 'Inboxes'],
      ['blocked', 'Blocked contacts'],
    ] as const) {
      await page.goto(`/${app.seeded.slug}/${path}`);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible(), { message: path }).toBe(true);
    }
    // A reload answered by the service worker's cached index.html, with the socket back.
    await page.goto(`/${app.seeded.slug}/conversations`);
    await live(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

    expect(violations).toEqual([]);
    expect(reports).toEqual([]);

    // The control: an inline script is refused, seen by the listener and reported; nothing else was.
    await page.evaluate((code) => {
      const script = document.createElement('script');
      script.textContent = code;
      document.body.append(script);
    }, CONTROL);
    await expect.poll(() => violations.filter((v) => v.directive !== 'console')).toEqual([
      expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' }),
    ]);
    expect(violations.filter((v) => v.directive === 'console')).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { __controlRan?: boolean }).__controlRan)).toBeUndefined();
    await expect.poll(() => reports.length).toBe(1);
    expect(JSON.stringify(reports[0])).toContain('script-src-elem');
    await context.close();
  });

  it('the app cannot be framed by another site', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${otherUrl}/`);
    const own = page.frameLocator('#own');
    await expect.poll(() => own.getByText('A page of this site').isVisible()).toBe(true);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    // Chromium replaces the refused document with its error page.
    const appFrame = await (await page.$('#app'))?.contentFrame();
    expect(appFrame?.url()).toMatch(/^chrome-error:/);
    await context.close();
  });

  it('pages, scripts and workers carry the policy; API answers are data that nothing may frame', async () => {
    const page = await fetch(`${app.server.url}/${app.seeded.slug}/conversations`);
    const policy = page.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "connect-src 'self'",
      "worker-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy.split('; ')).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle="/);

    const worker = await fetch(`${app.server.url}/service-worker.js`);
    expect(worker.headers.get('content-security-policy')).toBe(policy);
    const api = await fetch(`${app.server.url}/api/account`);
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-frame-options')).toBe('DENY');
  });
});
