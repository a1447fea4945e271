import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Agent } from '../../src/protocol/api/models';
import type { Conversation, Message } from '../../src/protocol/documents';
import type { NotificationsResponse, PushPayload } from '../../src/protocol/notifications/push-requests';
import { hashSecretToken } from '../../src/server/auth/secret-token';
import { withServerDatabase } from '../support/server-database';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';
import { waitForServiceWorkerControl } from '../support/service-worker';

const suite = useSeededBrowserSuite({ org: 'notify-e2e', conversations: 3, messagesPerConversation: 1, browser: 'chromium' });
let conversations: Conversation[];
let alex: Agent;

beforeAll(async () => {
  conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=3&order=newest')).body.conversations;
  const agents = (await suite.api.get<Agent[]>('agents/')).body;
  const found = agents.find((agent) => agent.name === 'Alex Rivera');
  if (!found) throw new Error('The seed has Alex Rivera');
  alex = found;
});

const conversationAt = (index: number) => {
  const conversation = conversations[index];
  if (!conversation) throw new Error(`No conversation ${index}`);
  return conversation;
};
const pathOf = (index: number) => `/${suite.seeded.slug}/conversations/view/${conversationAt(index).id}`;
const noteBox = (page: Page) => page.getByRole('textbox', { name: 'Note' });

type Shown = { title: string; body: string; tag: string; data: { url: string; count: number } };

/** The notifications the service worker shows now. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({ title: shown.title, body: shown.body, tag: shown.tag, data: shown.data as Shown['data'] }));
  });

/** A page whose service worker is active and controls it, allowed to show notifications. */
async function pageWithWorker(): Promise<Page> {
  const page = await suite.newAgentPage({ context: { permissions: ['notifications'], viewport: { width: 1280, height: 800 } } });
  await waitForServiceWorkerControl(page);
  return page;
}

/** Delivers a push to the page's service worker as the browser's push service would (DevTools protocol). */
async function deliverPush(page: Page, payload: PushPayload): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((entry) => entry.scopeURL === `${suite.server.url}/` && !entry.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: suite.server.url, registrationId: await registration, data: JSON.stringify(payload) });
  await cdp.detach();
}

const payloadFor = (index: number, title: string, body: string): PushPayload => ({
  title,
  body,
  event: 'customer_reply',
  slug: suite.seeded.slug,
  conversation_id: conversationAt(index).id,
  url: pathOf(index),
  sent_at: Date.now(),
});

describe('notifications', () => {
  it('Account → Notifications saves what the agent is told, per event and channel', async () => {
    await suite.api.patch('account/', { custom_inboxes: [{ key: 'vip', name: 'VIP customers', query: 'tag:vip' }] });
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/account/notifications`);
    const newConversationByPush = page.getByRole('checkbox', { name: 'Push: A new conversation arrives in my inbox' });
    await newConversationByPush.waitFor();
    expect(await newConversationByPush.isChecked()).toBe(true);
    await newConversationByPush.uncheck();
    await page.getByRole('checkbox', { name: 'Email: A teammate shares a draft with me' }).check();
    await page.getByLabel('New conversations of').selectOption('vip');
    await page.getByRole('button', { name: 'Save notifications' }).click();
    await page.getByText('Notifications saved').waitFor();
    const saved = (await suite.api.get<NotificationsResponse>('account/notifications')).body.settings;
    expect(saved.inbox).toBe('vip');
    expect(saved.events.new_conversation).toEqual({ push: false, email: false });
    expect(saved.events.draft_shared).toEqual({ push: true, email: true });
    await page.reload();
    await newConversationByPush.waitFor();
    expect(await newConversationByPush.isChecked()).toBe(false);
    expect(await page.getByText('No device receives your notifications yet.').isVisible()).toBe(true);
  });

  it('an email’s unsubscribe link asks first, turns that event’s emails off without signing in, and works once', async () => {
    const token = `unsub-${Date.now()}-${'x'.repeat(40)}`;
    await withServerDatabase(suite.server, async (db) => {
      const owner = await db.selectFrom('agents').select(['id', 'org_id']).where('email', '=', suite.seeded.ownerEmail).executeTakeFirstOrThrow();
      await db
        .insertInto('notification_unsubscribes')
        .values({ token_hash: hashSecretToken(token), org_id: owner.org_id, agent_id: owner.id, event: 'mentioned', created_at: Date.now(), expires_at: Date.now() + 60_000, used_at: null })
        .execute();
    });
    const page = await suite.newPage();
    await page.goto(`/unsubscribe/${token}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('for “A teammate mentions me in a note”').waitFor();
    // Whoever holds the link learns which organization, never the agent's address.
    expect(await page.getByRole('main').textContent()).not.toContain(suite.seeded.ownerEmail);
    expect((await suite.api.get<NotificationsResponse>('account/notifications')).body.settings.events.mentioned.email).toBe(false);
    await page.goto(`/unsubscribe/${token}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
  });

  it('the note box’s @ picker mentions a teammate by keyboard, and the note highlights the mention', async () => {
    const page = await suite.newAgentPage();
    await page.goto(pathOf(0));
    await page.getByRole('tab', { name: 'Note' }).click();
    await noteBox(page).click();
    await page.keyboard.type('Could you call them back? @');
    const picker = page.getByRole('listbox', { name: 'Mention a teammate' });
    await picker.waitFor();
    expect(await picker.getByRole('option').allTextContents()).toEqual([expect.stringContaining('Alex Rivera'), expect.stringContaining('Sam Chen')]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => picker.getByRole('option', { selected: true }).textContent()).toContain('Sam Chen');
    // Typing narrows the list; Enter writes the name in place of the typed word.
    await page.keyboard.type('al');
    await expect.poll(() => picker.getByRole('option').allTextContents()).toEqual([expect.stringContaining('Alex Rivera')]);
    await page.keyboard.press('Enter');
    await expect.poll(() => noteBox(page).inputValue()).toBe('Could you call them back? @Alex Rivera ');
    expect(await picker.count()).toBe(0);
    // Escape closes the list without touching the text.
    await page.keyboard.type('or @s');
    await picker.waitFor();
    await page.keyboard.press('Escape');
    expect(await picker.count()).toBe(0);
    await page.keyboard.type('am?');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => noteBox(page).inputValue(), { timeout: 15_000 }).toBe('');

    const note = page.getByTestId('note').filter({ hasText: 'Could you call them back?' });
    await expect.poll(() => note.getByTestId('mention').allTextContents(), { timeout: 20_000 }).toEqual(['@Alex Rivera']);
    const saved = async () =>
      (await suite.api.get<{ messages: Message[] }>(`conversations/${conversationAt(0).id}/messages/`)).body.messages.find((message) =>
        message.message.startsWith('Could you call them back?'),
      );
    await expect.poll(async () => (await saved())?.mentions, { timeout: 20_000 }).toEqual([alex.id]);
  });

  it('a mention written offline is sent with its note when the connection is back, and notified once', async () => {
    const page = await suite.newAgentPage();
    await page.goto(pathOf(2));
    await page.getByRole('tab', { name: 'Note' }).click();
    await page.context().setOffline(true);
    await waitForConnection(page, 'Offline');
    await noteBox(page).click();
    await page.keyboard.type('Offline ask @al');
    await page.keyboard.press('Enter');
    await page.keyboard.type('please');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => noteBox(page).inputValue(), { timeout: 15_000 }).toBe('');
    // Shown at once, highlighted, while it waits in the outbox.
    const note = page.getByTestId('note').filter({ hasText: 'Offline ask' });
    await expect.poll(() => note.getByTestId('mention').allTextContents()).toEqual(['@Alex Rivera']);

    await page.context().setOffline(false);
    await waitForConnection(page, 'Live');
    await withServerDatabase(suite.server, async (db) => {
      const rows = async () => {
        const note = await db.selectFrom('messages').select('id').where('message', '=', 'Offline ask @Alex Rivera please').executeTakeFirst();
        if (!note) return [];
        return db.selectFrom('notifications').select(['agent_id', 'channel']).where('event_key', '=', `mention:n-${note.id}`).execute();
      };
      await expect.poll(rows, { timeout: 20_000 }).toEqual([{ agent_id: alex.id, channel: 'email' }]);
    });
  });

  it('a push shows one notification per conversation, none for the conversation on screen, and a click opens the conversation', async () => {
    const page = await pageWithWorker();
    await page.goto(`/${suite.seeded.slug}/conversations`);
    await deliverPush(page, payloadFor(1, 'Ana Lopez', 'Where is my order?\nIt has been a week.'));
    await expect.poll(() => shownNotifications(page), { timeout: 10_000 }).toEqual([
      { title: 'Ana Lopez', body: 'Where is my order?\nIt has been a week.', tag: `conversation:${suite.seeded.slug}:${conversationAt(1).id}`, data: { url: pathOf(1), count: 1 } },
    ]);
    await deliverPush(page, payloadFor(1, 'Ana Lopez', 'Where is my order?\nHello?'));
    await expect.poll(async () => (await shownNotifications(page)).map((shown) => [shown.body, shown.data.count]), { timeout: 10_000 }).toEqual([
      ['Where is my order?\nHello?\n+ 1 earlier update in this conversation', 2],
    ]);

    // The click (dispatched in the service worker) opens the conversation in this tab.
    const worker = page.context().serviceWorkers()[0];
    if (!worker) throw new Error('No service worker');
    await worker.evaluate(async () => {
      type WorkerScope = {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const scope = self as unknown as WorkerScope;
      const [shown] = await scope.registration.getNotifications();
      if (!shown) throw new Error('No notification to click');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }));
    });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(pathOf(1));
    await page.getByRole('heading', { name: conversationAt(1).subject }).first().waitFor();
    await expect.poll(() => shownNotifications(page)).toEqual([]);

    // Now on screen: a push of this conversation shows nothing; one of another conversation does.
    await deliverPush(page, payloadFor(1, 'Ana Lopez', 'Are you there?'));
    await deliverPush(page, payloadFor(2, 'Bo Chen', 'Refund please'));
    await expect.poll(async () => (await shownNotifications(page)).map((shown) => shown.title), { timeout: 10_000 }).toEqual(['Bo Chen']);
  });
});
