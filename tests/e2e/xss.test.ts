import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { sendEmail, startEmailServer } from '../support/email-server';
import { signInAsOwner } from '../support/seeded-server';
import { openWidget } from '../support/widget-client';

/**
 * What every payload runs if it ever runs: it marks the document it runs in (seen inside the
 * email frame too, where the frame's other locks would hide it), sets the app's canary, and
 * opens a dialog.
 */
const RUN = "document.documentElement.setAttribute('data-pwned','1');top.__pwned=1;alert('pwned')";
const MARKUP = `<img src=x onerror="${RUN}">`;
/** A visitor's name is at most 100 characters. */
const SHORT_MARKUP = `<img src=x onerror="top.__pwned=1;alert(1)">`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const suite = useSeededBrowserSuite(() => startEmailServer({ org: 'xss-e2e', conversations: 2, messagesPerConversation: 1 }));
/** Remote images and style sheets a payload might reach for; only the legitimate image may ever be asked for. */
let remote: Server;
let remoteUrl: string;
const remoteHits: string[] = [];

beforeAll(async () => {
  remote = createServer((request, response) => {
    remoteHits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': request.url?.endsWith('.css') ? 'text/css' : 'image/png' });
    response.end(request.url?.endsWith('.css') ? `body { background: url(${remoteUrl}/from-css.png) }` : PNG);
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => remote?.close(resolve));
});

/** The email body: the classic ways HTML runs script, loads things or navigates. */
function payloadHtml(): string {
  return [
    '<p>Payloads follow.</p>',
    `<script>${RUN}</script>`,
    MARKUP,
    `<img src="${remoteUrl}/legit.png" alt="legit" width="1" height="1">`,
    `<img src="http://127.0.0.1:1/missing.png" onerror="${RUN}" alt="broken">`,
    `<svg onload="${RUN}"><circle r="1"/></svg>`,
    `<a href="javascript:${RUN}">javascript link</a>`,
    `<a href="JaVaScRiPt:${RUN}">mixed case link</a>`,
    `<a href="&#106;avascript:${RUN}">entity link</a>`,
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
    `<iframe srcdoc="<script>${RUN}</script>"></iframe>`,
    `<iframe src="javascript:${RUN}"></iframe>`,
    `<div style="background:url(javascript:${RUN});width:expression(${RUN})">style expression</div>`,
    `<div style="background-image:url('${remoteUrl}/style-attr.png')">style url</div>`,
    `<style>@import url(${remoteUrl}/import.css); body { background: url(${remoteUrl}/style-tag.png) }</style>`,
    `<link rel="stylesheet" href="${remoteUrl}/link.css">`,
    `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
    `<meta http-equiv="refresh" content="0;url=${remoteUrl}/refresh">`,
    `<form action="javascript:${RUN}"><input name="q" value="x"><button formaction="javascript:${RUN}">Go</button></form>`,
    `<object data="javascript:${RUN}"></object><embed src="javascript:${RUN}">`,
    `<details open ontoggle="${RUN}">details</details>`,
    `<body onload="${RUN}"><base href="javascript:${RUN}//">`,
    '<p>End of payloads.</p>',
    // Last: the sanitiser drops everything after an unclosed <style> or <noscript>.
    `<noscript><p title="</noscript><img src=x onerror=${RUN}>"></noscript>`,
    `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  ].join('\n');
}

/** Whatever of the payloads made it into the app's own DOM, or ran there. */
function appDomReport(page: Page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    const frames = [...document.querySelectorAll('iframe')];
    return {
      canary: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
      marked: document.documentElement.hasAttribute('data-pwned'),
      handlers: all.filter((element) => element.getAttributeNames().some((name) => name.toLowerCase().startsWith('on'))).map((element) => element.outerHTML.slice(0, 120)),
      injected: document.querySelectorAll('img[src="x"], svg[onload], a[href^="javascript:" i], a[href^="data:" i], form[action], meta[http-equiv="refresh" i], object, embed, base, math, details[ontoggle]').length,
      scripts: [...document.scripts].filter((script) => script.textContent?.includes('pwned')).length,
      frames: frames.map((frame) => ({ testId: frame.dataset['testid'] ?? null, sandbox: frame.getAttribute('sandbox') })),
    };
  });
}

/** What is inside the email's sandboxed frame (Playwright reaches into it; the app cannot). */
async function frameReport(page: Page) {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame() && candidate.url() === 'about:srcdoc');
  if (!frame) throw new Error('No email frame');
  return frame.evaluate(() => {
    const body = [...document.body.querySelectorAll('*')];
    return {
      marked: document.documentElement.hasAttribute('data-pwned'),
      policyFirst: document.head.firstElementChild?.nextElementSibling?.getAttribute('http-equiv') === 'Content-Security-Policy',
      policy: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? null,
      handlers: body.filter((element) => element.getAttributeNames().some((name) => name.toLowerCase().startsWith('on'))).length,
      active: document.querySelectorAll('body script, body iframe, body frame, body object, body embed, body form, body input, body button, body svg, body math, body meta, body link, body style, body base').length,
      links: [...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href')),
      styles: body.map((element) => element.getAttribute('style') ?? '').filter((style) => /url\(|expression|javascript/i.test(style)),
      images: [...document.images].flatMap((image) => image.getAttribute('src') ?? []),
      text: document.body.textContent ?? '',
    };
  });
}

describe('nothing in a customer message runs in the agent app', () => {
  it('XSS payloads in an email body, subject, sender, attachment name and chat text never execute', async () => {
    const subject = `Invoice ${MARKUP}<script>${RUN}</script> question`;
    await sendEmail(suite.app.smtpPort, {
      from: { name: `Mallory ${MARKUP}`, address: 'mallory@attacker.example' },
      to: suite.app.address,
      subject,
      text: `Plain part ${MARKUP} <script>${RUN}</script>`,
      html: payloadHtml(),
      attachments: [{ filename: `${MARKUP}.html`, content: `<script>${RUN}</script>`, contentType: 'text/html' }],
    });
    await suite.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } });
    const widget = openWidget(suite.server.url, { org: suite.seeded.slug });
    await widget.ready();
    widget.send({ action: 'send', client_id: 'xss-chat-1', text: `Chat ${MARKUP}<script>${RUN}</script><a href="javascript:${RUN}">link</a>` });
    await widget.next((frame) => frame.action === 'sent');
    widget.send({ action: 'identify', name: `Eve ${SHORT_MARKUP}` });
    await widget.next((frame) => frame.action === 'profile');
    await widget.close();

    const page = await suite.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInAsOwner(page, suite.seeded);

    // The email: its subject and sender are text in the list and the header.
    const row = page.getByTestId('conversation-row').filter({ hasText: 'question' }).filter({ hasText: 'Invoice' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.click();
    const appUrl = page.url();
    await expect.poll(() => page.getByRole('heading', { name: subject, exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('email-frame').count()).toBe(1);
    await expect.poll(async () => (await frameReport(page)).text).toContain('End of payloads.');
    expect(await page.getByRole('button', { name: `Download ${MARKUP}.html, ${Buffer.byteLength(`<script>${RUN}</script>`)} B` }).isVisible()).toBe(true);

    // Remote images on request: only the legitimate one is fetched; nothing else reaches out.
    expect(remoteHits).toEqual([]);
    await page.getByRole('button', { name: 'Load images' }).click();
    await expect.poll(() => remoteHits).toContain('/legit.png');
    await expect.poll(async () => (await frameReport(page)).images).toEqual([`${remoteUrl}/legit.png`, 'http://127.0.0.1:1/missing.png']);

    const inFrame = await frameReport(page);
    expect(inFrame).toMatchObject({ marked: false, policyFirst: true, handlers: 0, active: 0, styles: [] });
    expect(inFrame.policy).toBe("default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'");
    expect(inFrame.links).toEqual([]);
    const withEmail = await appDomReport(page);
    expect(withEmail).toMatchObject({ canary: null, marked: false, handlers: [], injected: 0, scripts: 0 });
    expect(withEmail.frames).toEqual([{ testId: 'email-frame', sandbox: 'allow-popups allow-popups-to-escape-sandbox' }]);

    // The attachment named like markup downloads as a file; it does not open or run.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download <img/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.html$/);

    // The plain part shows as text.
    await page.getByRole('button', { name: 'Show plain text' }).click();
    await expect.poll(() => page.getByRole('log', { name: 'Messages' }).getByText(`Plain part ${MARKUP} <script>${RUN}</script>`).isVisible()).toBe(true);

    // The chat: the visitor's name and text are text.
    await page.goto(`/${suite.seeded.slug}/conversations`);
    const chat = page.getByTestId('conversation-row').filter({ hasText: 'Chat <img' });
    await expect.poll(() => chat.count(), { timeout: 20_000 }).toBe(1);
    await chat.click();
    await expect.poll(() => page.getByRole('log', { name: 'Messages' }).getByText(`<script>${RUN}</script>`, { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`Eve ${SHORT_MARKUP}`).first().isVisible()).toBe(true);

    const report = await appDomReport(page);
    expect(report).toMatchObject({ canary: null, marked: false, handlers: [], injected: 0, scripts: 0 });
    expect(report.frames).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(remoteHits.filter((path) => path !== '/legit.png')).toEqual([]);
    expect(page.url()).not.toBe('about:blank');
    expect(new URL(appUrl).origin).toBe(suite.server.url);
  });
});
