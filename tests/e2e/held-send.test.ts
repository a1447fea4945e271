import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Conversation, Message } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { startLieFiProxy, type LieFiProxy } from '../support/lie-fi-proxy';
import { localRecords } from '../support/local-records';
import { outboxRows } from '../support/outbox-rows';
import { composerText } from '../support/composer-text';
import { heldReplyConversations } from '../support/held-conversations';

const suite = useSeededBrowserSuite({ org: 'held-send-e2e', conversations: 20, messagesPerConversation: 2 });
const UNCONFIRMED = 'Undo not confirmed: the reply may be sent';

const proxies: LieFiProxy[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.stop()));
});

/** The two ways the engine runs: one SharedWorker, or (Chrome on Android) a tab elected to run it. */
const ENGINES = [
  { engine: 'a SharedWorker', init: undefined },
  {
    engine: 'an elected tab (no SharedWorker)',
    init: () => {
      Reflect.deleteProperty(window, 'SharedWorker');
    },
  },
];

/** A lying network between a new browser and the server, and the owner signed in through it. */
async function behindProxy(init?: () => void): Promise<{ proxy: LieFiProxy; page: Page }> {
  const proxy = await startLieFiProxy(suite.server.url);
  proxies.push(proxy);
  const page = await suite.newAgentPage({ context: { baseURL: proxy.url }, ...(init ? { init } : {}) });
  return { proxy, page };
}

const { freshConversation, serverCopy } = heldReplyConversations(suite);

const thread = (page: Page) => page.getByRole('log', { name: 'Messages' });
const strip = (page: Page) => page.getByTestId('pending-send');

async function openConversation(page: Page, id: number): Promise<void> {
  await page.goto(`/${suite.seeded.slug}/conversations/view/${id}`);
  await thread(page).waitFor();
}

/** Rows of this browser's outbox not yet accepted by the server (read from IndexedDB). */
async function unsentRows(page: Page): Promise<number> {
  return (await outboxRows(page, suite.seeded.slug)).length;
}

/** Whether this browser holds a draft with this text (an email draft is HTML), written with its outbox row in one transaction. */
async function hasLocalDraft(page: Page, text: string): Promise<boolean> {
  const drafts = await localRecords(page, suite.seeded.slug, 'drafts');
  return drafts.some((draft) => typeof draft['message'] === 'string' && draft['message'].includes(text));
}

/**
 * Types the reply, and once its draft is saved (its row written, then accepted: nothing waits
 * before the reply in the conversation's lane), hands it to `beforeSend` and sends it.
 */
async function send(page: Page, text: string, beforeSend?: () => void): Promise<void> {
  await page.getByLabel('Reply', { exact: true }).fill(text);
  await expect.poll(() => hasLocalDraft(page, text), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => unsentRows(page), { timeout: 15_000 }).toBe(0);
  beforeSend?.();
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect.poll(() => strip(page).textContent()).toMatch(/Sending in \d+ s/);
}

/** Waits (polling the clock, not sleeping) until the reply's delay is over and a second more. */
async function pastDelay(message: Message | undefined): Promise<void> {
  const deliverAt = message?.deliver_at ?? 0;
  expect(deliverAt).toBeGreaterThan(0);
  await expect.poll(() => Date.now() > deliverAt + 1000, { timeout: 30_000, interval: 250 }).toBe(true);
}

describe.each(ENGINES)('an honest Undo of a held reply on a lying network, the engine in $engine', ({ init }) => {
  it('on lie-fi before the reply reached the server: the reply arrives, the Undo follows it and wins once the network is back', async () => {
    const { proxy, page } = await behindProxy(init);
    const target = await freshConversation();
    await openConversation(page, target.id);
    const text = `Lie-fi before ${Date.now()}`;
    await send(page, text, () => proxy.setMode('lie-fi'));
    // The request reached the server (held there), its answer was lost.
    await expect.poll(async () => (await serverCopy(target.id, text))?.status, { timeout: 15_000 }).toBe('PENDING');

    await strip(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => strip(page).textContent(), { timeout: 10_000 }).toContain(UNCONFIRMED);
    // The words are back in the composer; the reply is not shown as cancelled.
    await expect.poll(() => composerText(page.getByLabel('Reply', { exact: true }))).toBe(text);
    expect(await page.getByTestId('cancelled-reply').count()).toBe(0);

    // Its delay passes with the device unheard: the server keeps holding it.
    await pastDelay(await serverCopy(target.id, text));
    expect((await serverCopy(target.id, text))?.status).toBe('PENDING');
    expect(await strip(page).textContent()).toContain(UNCONFIRMED);

    proxy.setMode('through');
    await expect.poll(async () => (await serverCopy(target.id, text))?.status, { timeout: 30_000 }).toBe('CANCELLED');
    await expect.poll(() => thread(page).getByTestId('cancelled-reply').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await strip(page).count()).toBe(0);
  });

  it('on lie-fi after the reply reached the server: the Undo reaches it too, and the browser learns so when the network is back', async () => {
    const { proxy, page } = await behindProxy(init);
    const target = await freshConversation();
    await openConversation(page, target.id);
    const text = `Lie-fi after ${Date.now()}`;
    await send(page, text);
    // Saved: the thread shows the server's copy.
    await expect.poll(() => thread(page).locator('[data-testid="message"][data-entry-id^="m-"]', { hasText: text }).count(), { timeout: 15_000 }).toBe(1);
    const held = await serverCopy(target.id, text);
    proxy.setMode('lie-fi');

    await strip(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => strip(page).textContent(), { timeout: 10_000 }).toContain(UNCONFIRMED);
    // The undo reached the server and won there; this browser cannot know it yet.
    await expect.poll(async () => (await serverCopy(target.id, text))?.status, { timeout: 15_000 }).toBe('CANCELLED');
    await pastDelay(held);
    expect(await strip(page).textContent()).toContain(UNCONFIRMED);

    proxy.setMode('through');
    await expect.poll(() => thread(page).getByTestId('cancelled-reply').isVisible(), { timeout: 30_000 }).toBe(true);
    expect((await serverCopy(target.id, text))?.status).toBe('CANCELLED');
  });
});

describe('an honest Undo of a held reply', () => {
  it('offline after the reply reached the server: the Undo waits for the network and wins', async () => {
    const page = await suite.newAgentPage();
    const target = await freshConversation();
    await openConversation(page, target.id);
    const text = `Offline after ${Date.now()}`;
    await send(page, text);
    await expect.poll(() => thread(page).locator('[data-testid="message"][data-entry-id^="m-"]', { hasText: text }).count(), { timeout: 15_000 }).toBe(1);
    await page.context().setOffline(true);

    await strip(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => strip(page).textContent()).toContain(UNCONFIRMED);
    await pastDelay(await serverCopy(target.id, text));
    expect((await serverCopy(target.id, text))?.status).toBe('PENDING');

    await page.context().setOffline(false);
    await expect.poll(async () => (await serverCopy(target.id, text))?.status, { timeout: 30_000 }).toBe('CANCELLED');
    await expect.poll(() => thread(page).getByTestId('cancelled-reply').isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('a tab reopened within the delay offers Undo, and it wins', async () => {
    const first = await suite.newAgentPage();
    const context = first.context();
    const target = await freshConversation();
    await openConversation(first, target.id);
    const text = `Reopened ${Date.now()}`;
    await send(first, text);
    await expect.poll(async () => (await serverCopy(target.id, text))?.status, { timeout: 15_000 }).toBe('PENDING');
    await first.close();

    const again = await context.newPage();
    await openConversation(again, target.id);
    await strip(again).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await serverCopy(target.id, text))?.status, { timeout: 15_000 }).toBe('CANCELLED');
    await expect.poll(() => thread(again).getByTestId('cancelled-reply').isVisible()).toBe(true);
  });
});

describe("a teammate's held reply", () => {
  it('shows teammates who is sending, without Undo; once undone it leaves them nothing, its author one line, and the list its old preview', async () => {
    // Tall windows, so the whole seeded list is on screen; the conversation is in everyone's inbox.
    const tall = { context: { viewport: { width: 1440, height: 1600 } } };
    const target = await freshConversation();
    await suite.api.post(`conversations/${target.id}/assign`, { agent_id: null });
    await suite.api.post(`conversations/${target.id}/status`, { status: 'OPENED' });
    const ana = await suite.newAgentPage(tall);
    const alex = await suite.newAgentPage({ ...tall, email: `alex@${suite.seeded.slug}.example` });
    const before = (await suite.api.get<Conversation>(`conversations/${target.id}`)).body;
    await openConversation(ana, target.id);
    await openConversation(alex, target.id);

    const text = `Ana's words ${Date.now()}`;
    await send(ana, text);
    await expect.poll(() => strip(alex).textContent(), { timeout: 15_000 }).toMatch(/Demo Owner is sending this reply/);
    expect(await strip(alex).getByRole('button', { name: 'Undo' }).count()).toBe(0);
    const row = (page: Page) => page.locator(`#conversation-row-${target.id}`);
    await expect.poll(() => row(alex).textContent(), { timeout: 15_000 }).toContain(text);

    await strip(ana).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => thread(ana).getByTestId('cancelled-reply').textContent(), { timeout: 15_000 }).toContain('You cancelled a reply');
    expect(await thread(ana).getByText(text).count()).toBe(0);
    await expect.poll(() => thread(alex).getByText(text).count(), { timeout: 15_000 }).toBe(0);
    expect(await thread(alex).getByTestId('cancelled-reply').count()).toBe(0);

    const after = (await suite.api.get<Conversation>(`conversations/${target.id}`)).body;
    expect(after).toMatchObject({ last_update: before.last_update, last_update_ts: before.last_update_ts });
    for (const page of [ana, alex]) await expect.poll(() => row(page).textContent(), { timeout: 15_000 }).not.toContain(text);
    // Alex's composer never got Ana's words.
    expect(await composerText(alex.getByLabel('Reply', { exact: true }))).toBe('');
  });
});
