import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { KnowledgeStructure } from '../../src/protocol/api/knowledge-requests';
import type { Article, Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { composerText } from '../support/composer-text';
import { localRecords } from '../support/local-records';
import { useShopWebsite } from '../support/shop-website';

const suite = useSeededBrowserSuite({ org: 'knowledge-e2e', conversations: 3, messagesPerConversation: 1 });
let conversations: Conversation[];
/** A customer's website on another origin, embedding the chat widget. */
const shop = useShopWebsite({ serverUrl: () => suite.server.url, org: () => suite.seeded.slug });

async function publish(id: string, title: string, content: string): Promise<Article> {
  const created = await suite.api.post<Article>('knowledge/articles/', { id, title, content });
  expect(created.status).toBe(201);
  const published = await suite.api.post<Article>(`knowledge/articles/${id}/publish`);
  expect(published.status).toBe(200);
  return published.body;
}

beforeAll(async () => {
  conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=3&order=newest')).body.conversations;
  await publish('ka-refunds', 'Refund policy', '<p>Refunds are paid back within 30 days of your request.</p>');
  await publish('ka-parcel', 'Track your parcel', '<h2>Where is it?</h2><p>Open the tracking link from your shipping email.</p>');
  await suite.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello! How can we help?' } });
});

const editor = (page: Page) => page.getByRole('textbox', { name: 'Article' });

describe('knowledge base', () => {
  it('an article written and published on the knowledge page shows live in a second tab and on the public page', async () => {
    const writer = await suite.newAgentPage();
    const reader = await suite.newAgentPage();
    await reader.goto(`/${suite.seeded.slug}/knowledge`);
    await reader.getByRole('heading', { name: 'Knowledge base' }).waitFor();

    await writer.goto(`/${suite.seeded.slug}/knowledge`);
    await writer.getByRole('button', { name: 'New article' }).click();
    await editor(writer).waitFor();
    await writer.getByLabel('Title').fill('Change your delivery address');
    await editor(writer).click();
    await writer.keyboard.type('Open your order and choose a new address before it ships.');
    await writer.keyboard.press('Enter');
    await writer.getByRole('button', { name: 'Table', exact: true }).click();
    await writer.keyboard.type('Plan');
    // The draft is saved as the agent types, and seen live by the other tab.
    await expect.poll(() => reader.getByRole('link', { name: /Change your delivery address/ }).count(), { timeout: 15_000 }).toBe(1);
    expect(await reader.getByRole('link', { name: /Change your delivery address/ }).textContent()).toContain('Draft');

    await writer.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => reader.getByRole('link', { name: /Change your delivery address/ }).textContent(), { timeout: 15_000 }).toContain('Published');

    const live = await reader.context().newPage();
    const response = await live.goto(`/help/${suite.seeded.slug}/articles/change-your-delivery-address`);
    expect(response?.status()).toBe(200);
    expect(await live.getByRole('heading', { level: 1 }).textContent()).toBe('Change your delivery address');
    expect(await live.locator('.body').textContent()).toContain('choose a new address before it ships');
    expect(await live.locator('.body table th').first().textContent()).toBe('Plan');
  });

  it('a new article is saved only once it has a title, and Publish waits for a title and some text', async () => {
    const titlesOnServer = async () => (await suite.api.get<KnowledgeStructure>('knowledge/structure')).body.articles.map((article) => article.title);
    const before = await titlesOnServer();
    const writer = await suite.newAgentPage();
    const backLink = writer.locator('.kb-article__bar').getByRole('link', { name: 'Knowledge base' });
    const publishButton = writer.getByRole('button', { name: 'Publish', exact: true });
    await writer.goto(`/${suite.seeded.slug}/knowledge`);

    // Opened and left untouched: nothing to publish, and nothing left behind.
    await writer.getByRole('button', { name: 'New article' }).click();
    await editor(writer).waitFor();
    expect(await publishButton.isDisabled()).toBe(true);
    expect(await writer.locator('.kb-article__saved').textContent()).toBe('Not saved yet: add a title');
    await backLink.click();
    await writer.getByRole('heading', { name: 'Knowledge base' }).waitFor();
    expect(await writer.getByRole('link', { name: /Untitled/ }).count()).toBe(0);

    // Text without a title still cannot be published; the title saves it and allows Publish.
    await writer.getByRole('button', { name: 'New article' }).click();
    await editor(writer).click();
    await writer.keyboard.type('We ship to the islands twice a week.');
    expect(await publishButton.isDisabled()).toBe(true);
    await writer.getByLabel('Title').fill('Shipping to the islands');
    await expect.poll(() => publishButton.isDisabled(), { timeout: 5_000, message: 'Publish is enabled once the article has a title and text' }).toBe(false);
    await expect.poll(() => writer.locator('.kb-article__saved').textContent(), { timeout: 10_000 }).toBe('Draft saved');
    // The knowledge lane is sent in order: had the first visit created an article, it would be there by now.
    await expect.poll(async () => (await titlesOnServer()).filter((title) => !before.includes(title)), { timeout: 15_000 }).toEqual(['Shipping to the islands']);
    await backLink.click();
    await expect.poll(() => writer.getByRole('link', { name: /Shipping to the islands/ }).count(), { timeout: 10_000 }).toBe(1);
  });

  it('on a phone the help center shows the article title first, its contents folded under it', async () => {
    await publish('ka-contents', 'Pack a parcel', '<h2>Boxes</h2><p>Use a sturdy box.</p><h2>Labels</h2><p>Stick the label on top.</p>');
    // Taken off again after: the widget lists only the five newest articles, which later tests rely on.
    try {
      const phone = await suite.newPage();
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(`/help/${suite.seeded.slug}/articles/pack-a-parcel`);
      const title = phone.getByRole('heading', { level: 1, name: 'Pack a parcel' });
      const contents = phone.locator('details.toc-inline');
      expect(await contents.isVisible()).toBe(true);
      expect(await phone.locator('aside.toc').isVisible()).toBe(false);
      const [titleBox, contentsBox] = [await title.boundingBox(), await contents.boundingBox()];
      expect(titleBox?.y ?? Infinity).toBeLessThan(contentsBox?.y ?? -Infinity);
      // Folded until asked for, then a link per heading.
      expect(await contents.getByRole('link', { name: 'Labels' }).isVisible()).toBe(false);
      await contents.getByText('On this page').click();
      expect(await contents.getByRole('link', { name: 'Labels' }).isVisible()).toBe(true);

      // On a wide screen the contents stay beside the article.
      await phone.setViewportSize({ width: 1440, height: 900 });
      expect(await phone.locator('aside.toc').isVisible()).toBe(true);
      expect(await contents.isVisible()).toBe(false);
    } finally {
      expect((await suite.api.delete('knowledge/articles/ka-contents')).status).toBeLessThan(300);
    }
  });

  it("keeps both texts when an edit made offline reaches the server after a teammate published", async () => {
    await suite.api.post('knowledge/articles/', { id: 'ka-hours', title: 'Opening hours', content: '<p>We are open 9 to 5.</p>' });
    const alex = await suite.newAgentPage({ email: `alex@${suite.seeded.slug}.example` });
    await alex.goto(`/${suite.seeded.slug}/knowledge/articles/ka-hours`);
    await expect.poll(() => editor(alex).textContent()).toContain('We are open 9 to 5.');
    await alex.context().setOffline(true);
    await editor(alex).click();
    await alex.keyboard.press('Control+End');
    await alex.keyboard.type(' Closed on Sundays.');
    // Saved on this device, waiting for the network: the edit is in the outbox.
    await expect
      .poll(async () => (await localRecords(alex, suite.seeded.slug, 'outbox')).some((row) => JSON.stringify(row['args']).includes('Closed on Sundays.')), {
        message: 'the offline edit waits in the outbox',
      })
      .toBe(true);

    // Meanwhile the owner rewrites and publishes it.
    expect((await suite.api.patch('knowledge/articles/ka-hours', { content: '<p>We are open 8 to 6.</p>' })).status).toBe(200);
    expect((await suite.api.post('knowledge/articles/ka-hours/publish')).status).toBe(200);

    await alex.context().setOffline(false);
    const notice = alex.getByRole('alert').filter({ hasText: 'Two versions of this article' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('We are open 9 to 5. Closed on Sundays.');
    expect(await notice.textContent()).toContain('We are open 8 to 6.');
    // Nothing was overwritten: the published text is the owner's until Alex keeps theirs.
    const live = await suite.api.get<{ articles: Article[] }>('knowledge/structure');
    expect(JSON.stringify(live.body)).toContain('We are open 8 to 6.');
    await notice.getByRole('button', { name: 'Keep this version' }).first().click();
    await expect.poll(async () => (await suite.api.get<{ articles: Article[] }>('knowledge/structure')).body.articles.find((a) => a.id === 'ka-hours')?.content, { timeout: 15_000 }).toBe(
      '<p>We are open 9 to 5. Closed on Sundays.</p>',
    );
    await notice.waitFor({ state: 'detached' });
  });

  it('inserts an article link into a reply by keyboard, from the palette', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/conversations/view/${conversations[0]?.id ?? 0}`);
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.click();
    await page.keyboard.type('Hello, ');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('article link');
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Insert an article' });
    const search = picker.getByRole('combobox', { name: 'Search articles' });
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('refnd');
    await expect.poll(() => picker.getByRole('option', { selected: true }).textContent()).toContain('Refund policy');
    await page.keyboard.press('Enter');
    await expect.poll(() => composerText(reply)).toBe(`Hello, Refund policy: ${suite.server.url}/help/${suite.seeded.slug}/articles/refund-policy`);
  });

  it('an article link inserted right after a word is spaced from it, as if typed', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/conversations/view/${conversations[1]?.id ?? 0}`);
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.click();
    await page.keyboard.type('Please read');
    await page.getByRole('button', { name: 'Insert an article' }).click();
    const picker = page.getByRole('dialog', { name: 'Insert an article' });
    await picker.getByRole('combobox', { name: 'Search articles' }).fill('refund');
    await expect.poll(() => picker.getByRole('option', { selected: true }).textContent()).toContain('Refund policy');
    await page.keyboard.press('Enter');
    await expect.poll(() => composerText(reply)).toBe(`Please read Refund policy: ${suite.server.url}/help/${suite.seeded.slug}/articles/refund-policy`);
  });

  it('the chat widget finds an article and shows it before the visitor writes', async () => {
    // A context of the suite's: closed after the test, like every other page's.
    const visitor = await suite.newPage();
    await visitor.goto(shop.url());
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const search = visitor.getByRole('searchbox', { name: 'Search help articles' });
    await search.waitFor();
    await search.fill('parcel');
    const hit = visitor.getByRole('button', { name: /Track your parcel/ });
    await hit.click();
    await expect.poll(() => visitor.getByRole('article').textContent()).toContain('Open the tracking link from your shipping email.');
    await expect.poll(async () => (await suite.api.get<{ deflections: number }>('reporting/kb')).body.deflections).toBe(1);
  });

  it('the chat widget shows numbered steps as numbers and gives an open article the panel, with a way back to the chat', async () => {
    await publish('ka-steps', 'Change your password', '<p>It takes a minute.</p><ol><li><p>Open your profile.</p></li><li><p>Choose a new password.</p></li></ol><ul><li><p>Any device works.</p></li></ul>');
    // Taken off again after: the widget lists only the five newest articles, which later tests rely on.
    try {
      const visitor = await suite.newPage();
      await visitor.setViewportSize({ width: 1440, height: 900 });
      await visitor.goto(shop.url());
      await visitor.getByRole('button', { name: 'Open chat' }).click();
      const search = visitor.getByRole('searchbox', { name: 'Search help articles' });
      await search.fill('password');
      await visitor.getByRole('button', { name: /Change your password/ }).click();
      const article = visitor.getByRole('article');
      await expect.poll(() => article.textContent()).toContain('Choose a new password.');

      const steps = article.locator('ol > li');
      expect(await steps.allTextContents()).toEqual(['Open your profile.', 'Choose a new password.']);
      expect(await steps.first().evaluate((item) => getComputedStyle(item).listStyleType)).toBe('decimal');
      expect(await article.locator('ul > li').allTextContents()).toEqual(['Any device works.']);
      expect(await article.textContent()).not.toContain('•');

      // The article has the panel to itself: the chat is out of the way while reading.
      const messages = visitor.getByRole('log', { name: 'Messages' });
      const panel = visitor.getByRole('dialog', { name: /^Chat with/ });
      expect(await messages.isVisible()).toBe(false);
      const [articleBox, panelBox] = [await article.boundingBox(), await panel.boundingBox()];
      expect(articleBox?.height ?? 0).toBeGreaterThan((panelBox?.height ?? 0) * 0.6);

      await visitor.getByRole('button', { name: '← Back to chat' }).click();
      await expect.poll(() => messages.isVisible(), { message: 'the chat is back' }).toBe(true);
      expect(await article.isVisible()).toBe(false);
      expect(await visitor.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    } finally {
      expect((await suite.api.delete('knowledge/articles/ka-steps')).status).toBeLessThan(300);
    }
  });

  it('an article opened while a search is on its way stays open when that search answers', async () => {
    const visitor = await suite.newPage();
    // The search for what the visitor typed is held until the article is open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await visitor.route('**/widget/kb/search?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'refund') await held;
      await route.fallback();
    });
    await visitor.goto(shop.url());
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const listed = visitor.getByRole('button', { name: /Refund policy/ });
    await listed.waitFor();

    const search = visitor.getByRole('searchbox', { name: 'Search help articles' });
    await search.fill('refund');
    const answered = visitor.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === 'refund');
    await search.press('Enter');
    // Opened from the list shown before the search was sent.
    await listed.click();
    const article = visitor.getByRole('article');
    await expect.poll(() => article.textContent()).toContain('Refunds are paid back within 30 days');

    release();
    await (await answered).finished();
    await visitor.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await article.isVisible()).toBe(true);
    expect(await visitor.getByRole('list', { name: 'Help articles' }).isVisible()).toBe(false);
  });
});
