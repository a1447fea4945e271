import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ChatSettings } from '../../src/protocol/api/chat-settings';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { useShopWebsite } from '../support/shop-website';

const suite = useSeededBrowserSuite({ org: 'chat-widget-e2e', conversations: 3, messagesPerConversation: 1 });
/** A customer's website on another origin (another host and port), embedding the widget. */
const shop = useShopWebsite({
  serverUrl: () => suite.server.url,
  org: () => suite.seeded.slug,
  head: '<style>body { font: 16px Georgia, serif; background: #fdf6e3; } button { background: hotpink; }</style>',
  body: '<p>Our finest teapots.</p>',
});

/** Markup a visitor or an agent might type: shown as text, it must never become elements or run. */
const XSS_VISITOR = `Hi <img src=x onerror="window.__xss='visitor';alert('visitor')"><script>window.__xss='script'</script> my order is late`;
const XSS_AGENT = `Sorry! <img src=x onerror="window.__xss='agent';alert('agent')"><b>bold</b> We are on it.`;



const signedInAgent = (): Promise<Page> => suite.newAgentPage();

/** Dialogs a page opened (an `alert` from injected markup would be one). */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Whether the typed markup ran or became elements: the flag its handlers set, and its <img>, <script> or <b> anywhere in the page or a shadow root. */
function injected(page: Page): Promise<{ flag: unknown; elements: number }> {
  return page.evaluate(() => {
    const roots: ParentNode[] = [document];
    for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    const typed = (root: ParentNode) =>
      root.querySelectorAll('img[src="x"]').length +
      [...root.querySelectorAll('script')].filter((script) => script.textContent?.includes('__xss')).length +
      [...root.querySelectorAll('b')].filter((bold) => bold.textContent === 'bold').length;
    return { flag: (window as unknown as { __xss?: unknown }).__xss, elements: roots.reduce((count, root) => count + typed(root), 0) };
  });
}

describe('chat widget', () => {
  it('the chat page turns the widget on, previews it and gives the snippet to copy', async () => {
    const page = await signedInAgent();
    await page.getByRole('link', { name: 'Chat widget' }).click();
    await page.waitForURL(`**/${suite.seeded.slug}/chat`);

    const toggle = page.getByRole('switch', { name: /Show the chat widget/ });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check({ force: true });
    await page.getByRole('textbox', { name: 'Colour', exact: true }).fill('not a colour');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('must be a colour like #5b5bd6').isVisible()).toBe(true);

    await page.getByRole('textbox', { name: 'Colour', exact: true }).fill('#0F766E');
    await page.getByRole('textbox', { name: 'Greeting' }).fill('Hello from Acme! How can we help?');
    // The preview follows what is typed, before saving.
    const preview = page.getByRole('figure', { name: 'Preview of the chat widget' });
    await expect.poll(() => preview.getByText('Hello from Acme! How can we help?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Chat widget saved').isVisible()).toBe(true);
    expect((await suite.api.get<ChatSettings>('organization/chat')).body).toMatchObject({ enabled: true, color: '#0f766e', greeting: 'Hello from Acme! How can we help?' });

    const snippet = `<script src="${suite.server.url}/widget.js" data-org="${suite.seeded.slug}" async></script>`;
    expect(await page.getByLabel('Website snippet').textContent()).toBe(snippet);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByText('Snippet copied').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    // A browser that refuses the clipboard gets §8's text.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByText('An error occured while copying').isVisible()).toBe(true);
  });

  it('serves /widget.js to any website, cached briefly and revalidated', async () => {
    const script = await fetch(`${suite.server.url}/widget.js`, { headers: { origin: shop.url().slice(0, -1) } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(script.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await script.text()).length).toBeGreaterThan(1000);
    const etag = script.headers.get('etag') ?? '';
    expect((await fetch(`${suite.server.url}/widget.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('a visitor on another website and an agent chat both ways in real time, and typed markup never runs', async () => {
    await suite.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello from Acme! How can we help?' } });
    const agent = await signedInAgent();
    const agentDialogs = recordDialogs(agent);
    const rows = agent.getByTestId('conversation-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const rowsBefore = await rows.count();

    const visitor = await suite.newPage({ baseURL: shop.url() });
    const visitorDialogs = recordDialogs(visitor);
    await visitor.goto(shop.url());
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const panel = visitor.getByRole('dialog', { name: /Chat with/ });
    await expect.poll(() => panel.getByText('Hello from Acme! How can we help?').isVisible()).toBe(true);
    // The host page's styles do not reach into the widget.
    expect(await panel.getByRole('button', { name: 'Send message' }).evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(15, 118, 110)');

    await panel.getByRole('textbox', { name: 'Message' }).fill(XSS_VISITOR);
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(() => panel.getByText(XSS_VISITOR, { exact: true }).isVisible()).toBe(true);

    // The conversation appears in the agent's inbox without a reload, and opens with the visitor online.
    await expect.poll(() => rows.count()).toBe(rowsBefore + 1);
    await rows.filter({ hasText: 'my order is late' }).first().click();
    const thread = agent.getByRole('log', { name: 'Messages' });
    await expect.poll(() => thread.getByText(XSS_VISITOR, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => agent.getByTestId('contact-presence').textContent()).toBe('Online now');

    // The agent's reply reaches the visitor at once.
    await agent.getByRole('textbox', { name: 'Reply' }).fill(XSS_AGENT);
    const sentAt = Date.now();
    await agent.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => panel.getByText(XSS_AGENT, { exact: true }).isVisible(), { timeout: 5_000 }).toBe(true);
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    await expect.poll(() => thread.getByText(XSS_AGENT, { exact: true }).isVisible()).toBe(true);

    // A note stays inside the team.
    await agent.getByRole('tab', { name: 'Note' }).click();
    await agent.getByRole('textbox', { name: 'Note' }).fill('Internal: refund approved by finance');
    await agent.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => thread.getByText('Internal: refund approved by finance').isVisible()).toBe(true);

    // A reload continues the same conversation, history included.
    await visitor.reload();
    const reopened = visitor.getByRole('dialog', { name: /Chat with/ });
    await expect.poll(() => reopened.getByText(XSS_AGENT, { exact: true }).isVisible()).toBe(true);
    expect(await reopened.getByText(XSS_VISITOR, { exact: true }).isVisible()).toBe(true);
    expect(await reopened.getByText('refund approved').count()).toBe(0);
    await reopened.getByRole('textbox', { name: 'Message' }).fill('Thank you!');
    await reopened.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => thread.getByText('Thank you!').isVisible()).toBe(true);
    const chats = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100')).body.conversations.filter((c) => c.channel === 'CHAT' && c.subject.startsWith('Hi <img src=x'));
    expect(chats).toHaveLength(1);

    // Nothing typed ran or became markup, on the website or in the agent's app.
    for (const page of [visitor, agent]) expect(await injected(page)).toEqual({ flag: undefined, elements: 0 });
    expect([...visitorDialogs, ...agentDialogs]).toEqual([]);

    // The visitor leaves: the agent sees it (after the 2 s grace of §4).
    await visitor.close();
    await expect.poll(() => agent.getByTestId('contact-presence').textContent(), { timeout: 15_000 }).toBe('Left');
  });
});
