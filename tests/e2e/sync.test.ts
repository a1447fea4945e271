import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Conversation, Message } from '../../src/protocol/documents';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';

// A server of its own: a test restarts it as a new release.
const suite = useSeededBrowserSuite({ org: 'sync-e2e', conversations: 12, messagesPerConversation: 3, ownServer: true });
let conversations: Conversation[];

beforeAll(async () => {
  conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=12&order=newest')).body.conversations;
});

async function signedInContext(): Promise<{ context: BrowserContext; page: Page }> {
  const page = await suite.newAgentPage();
  return { context: page.context(), page };
}

async function openTab(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const metric = async (name: string) => (await suite.metrics()).value(name);

async function messagesOf(id: number): Promise<Message[]> {
  return (await suite.api.get<{ messages: Message[] }>(`conversations/${id}/messages/?limit=100`)).body.messages;
}

function conversation(index: number): Conversation {
  const found = conversations[index];
  if (!found) throw new Error(`The seed has no conversation ${index}`);
  return found;
}

describe('sync in the browser', () => {
  it('three tabs of one browser share one stream socket', async () => {
    // The previous test's browser contexts are closed: their sockets go too.
    await expect.poll(() => metric('inbox_stream_sockets')).toBe(0);
    const socketsBefore = 0;
    const { context } = await signedInContext();
    const more = [await openTab(context, `/${suite.seeded.slug}/conversations`), await openTab(context, `/${suite.seeded.slug}/team`)];
    for (const page of more) await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await waitForConnection(more[0]!, 'Live');
    expect(await metric('inbox_stream_sockets')).toBe(socketsBefore + 1);
  });

  it('the socket stays while any tab of the organization is open and goes with the last one', async () => {
    // The previous test's browser contexts are closed: their sockets go too.
    await expect.poll(() => metric('inbox_stream_sockets')).toBe(0);
    const socketsBefore = 0;
    const { context, page: first } = await signedInContext();
    const second = await openTab(context, `/${suite.seeded.slug}/conversations`);
    await waitForConnection(second, 'Live');
    // A page of the same browser that is not signed in keeps the browser, not the socket.
    const blank = await context.newPage();
    await blank.goto('/auth/login');
    expect(await metric('inbox_stream_sockets')).toBe(socketsBefore + 1);
    await first.close();
    expect(await metric('inbox_stream_sockets')).toBe(socketsBefore + 1);
    await second.close();
    await expect.poll(() => metric('inbox_stream_sockets')).toBe(socketsBefore);
  });

  it('a change made through the API appears in every open tab without a reload', async () => {
    const { context, page } = await signedInContext();
    const target = conversation(0);
    const view = await openTab(context, `/${suite.seeded.slug}/conversations/view/${target.id}`);
    await view.getByRole('log', { name: 'Messages' }).waitFor();
    await suite.api.post(`conversations/${target.id}/tags`, { name: 'From API' });
    for (const tab of [page, view]) {
      await expect.poll(() => tab.getByText('From API').first().isVisible(), { timeout: 10_000 }).toBe(true);
    }
  });

  it('actions taken offline in two tabs, with a reload, reach the server exactly once', async () => {
    const { context, page: first } = await signedInContext();
    const tagged = conversation(1);
    const answered = conversation(2);
    // From the list of all: closing it keeps it open here (no auto-advance out of an inbox).
    await first.goto(`/${suite.seeded.slug}/conversations/view/${tagged.id}?filter=all`);
    const second = await openTab(context, `/${suite.seeded.slug}/conversations/view/${answered.id}`);
    await second.getByRole('log', { name: 'Messages' }).waitFor();
    await first.getByRole('log', { name: 'Messages' }).waitFor();

    await context.setOffline(true);
    await expect.poll(() => first.getByTestId('connection-status').textContent()).toContain('Offline');

    await first.getByLabel('Add tag').fill('Offline tag');
    await first.getByLabel('Add tag').press('Enter');
    await first.getByLabel('Status').selectOption('CLOSED');
    await expect.poll(() => first.getByText('Offline tag').first().isVisible()).toBe(true);

    await second.getByLabel('Reply', { exact: true }).fill('Answered while offline');
    await second.getByRole('button', { name: 'Send reply' }).click();
    await second.getByRole('tab', { name: 'Note' }).click();
    await second.getByLabel('Note', { exact: true }).fill('Noted while offline');
    await second.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => second.getByRole('log', { name: 'Messages' }).getByText('Noted while offline').isVisible()).toBe(true);

    // Nothing has reached the server while the browser is offline.
    const serverTagged = (await suite.api.get<Conversation>(`conversations/${tagged.id}`)).body;
    expect(serverTagged.tags).not.toContain('offline-tag');
    expect((await messagesOf(answered.id)).some((m) => m.message === 'Answered while offline')).toBe(false);

    // The reloaded tab comes back from the service worker with the pending work still shown.
    await second.reload();
    await expect.poll(() => second.getByRole('log', { name: 'Messages' }).getByText('Noted while offline').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => second.getByRole('log', { name: 'Messages' }).getByText('Answered while offline').isVisible()).toBe(true);

    await context.setOffline(false);
    await expect
      .poll(async () => (await suite.api.get<Conversation>(`conversations/${tagged.id}`)).body, { timeout: 20_000 })
      .toMatchObject({ status: 'CLOSED', tags: expect.arrayContaining(['offline-tag']) as unknown });
    await expect
      .poll(async () => (await messagesOf(answered.id)).filter((m) => m.message === 'Answered while offline' || m.message === 'Noted while offline').length, {
        timeout: 20_000,
      })
      .toBe(2);
    const thread = await messagesOf(answered.id);
    expect(thread.filter((m) => m.message === 'Answered while offline' && m.type === 'MESSAGE')).toHaveLength(1);
    expect(thread.filter((m) => m.message === 'Noted while offline' && m.type === 'NOTE')).toHaveLength(1);
    const tags = (await suite.api.get<Conversation>(`conversations/${tagged.id}`)).body.tags;
    expect(tags.filter((slug) => slug === 'offline-tag')).toHaveLength(1);
  });

  it('a reply undone within its delay is never delivered', async () => {
    const { page } = await signedInContext();
    const target = conversation(3);
    await page.goto(`/${suite.seeded.slug}/conversations/view/${target.id}`);
    await page.getByRole('log', { name: 'Messages' }).waitFor();

    await page.getByLabel('Reply', { exact: true }).fill('Oops, wrong customer');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const pending = page.getByTestId('pending-send');
    await expect.poll(() => pending.textContent()).toMatch(/Sending in \d+ s/);
    await pending.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByTestId('pending-send').count()).toBe(0);

    // A second reply, sent after the undone one, is the clock: once it is delivered, the undone
    // one's delay has passed too.
    await page.getByLabel('Reply', { exact: true }).fill('The right answer');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect
      .poll(async () => (await messagesOf(target.id)).find((m) => m.message === 'The right answer')?.status, { timeout: 30_000 })
      .toBe('SENT');
    const undone = (await messagesOf(target.id)).filter((m) => m.message === 'Oops, wrong customer');
    expect(undone.every((m) => m.status === 'CANCELLED')).toBe(true);
  });

  it('a server with a new version makes open tabs offer a refresh', async () => {
    const { page } = await signedInContext();
    await suite.restart({ BUILD_ID: 'next-release' });
    await expect.poll(() => page.getByText('New version available').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isVisible()).toBe(true);
  });
});
