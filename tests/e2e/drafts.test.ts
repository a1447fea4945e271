import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';
import type { Db } from '../../src/server/db/database';
import { withServerDatabase } from '../support/server-database';
import { composerText } from '../support/composer-text';
import { waitForServiceWorkerControl } from '../support/service-worker';

const suite = useSeededBrowserSuite({ org: 'drafts-e2e', conversations: 4, messagesPerConversation: 2 });
let conversations: Conversation[];

beforeAll(async () => {
  conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=4&order=newest')).body.conversations;
});

/** A browser of its own (one of the agent's devices, or a teammate's computer), signed in and live. */
async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const page = await suite.newAgentPage({ email });
  return { context: page.context(), page };
}

const pathOf = (index: number) => `/${suite.seeded.slug}/conversations/view/${conversations[index]?.id ?? 0}`;
const replyBox = (page: Page) => page.getByRole('textbox', { name: 'Reply' });

/** `read` over a connection of its own to the server's database, closed after it. */
const readServer = <T>(read: (db: Db) => Promise<T>): Promise<T> => withServerDatabase(suite.server, read);

/** Feed rows the server wrote for drafts: one per save it applied. */
const draftSaves = (): Promise<number> =>
  readServer(async (db) => (await db.selectFrom('changes').select('seq').where('col', '=', 'drafts').execute()).length);

/** The stored text of the draft whose id ends with `suffix` (`<conversation>-reply`), or null. */
const draftMessage = (suffix: string): Promise<string | null> =>
  readServer(async (db) => (await db.selectFrom('drafts').select('message').where('id', 'like', `%-${suffix}`).executeTakeFirst())?.message ?? null);

describe('drafts', () => {
  it('a reply typed offline survives a reload, is saved once back online and appears on the agent’s other device', async () => {
    const { context, page: laptop } = await signedIn(suite.seeded.ownerEmail);
    await laptop.goto(pathOf(0));
    await replyBox(laptop).waitFor();
    // The service worker controls the page, so it reloads offline too.
    await waitForServiceWorkerControl(laptop);
    const savesBefore = await draftSaves();

    await context.setOffline(true);
    await waitForConnection(laptop, 'Offline');
    const text = 'Hi Jo, your refund left today.';
    await replyBox(laptop).pressSequentially(text);
    await laptop.reload();
    await expect.poll(() => composerText(replyBox(laptop)), { timeout: 20_000 }).toBe(text);
    expect(await draftSaves()).toBe(savesBefore);

    await context.setOffline(false);
    await waitForConnection(laptop, 'Live');
    await expect.poll(() => draftSaves(), { timeout: 20_000 }).toBe(savesBefore + 1);
    const { page: phone } = await signedIn(suite.seeded.ownerEmail);
    await phone.goto(pathOf(0));
    await expect.poll(() => composerText(replyBox(phone))).toBe(text);
    // Every keystroke was one queued save: the server applied one.
    expect(await draftSaves()).toBe(savesBefore + 1);

    // Writing on one device shows on the other, and sending clears both.
    const full = `${text} Tracking: 42.`;
    await replyBox(phone).fill(full);
    await expect.poll(() => composerText(replyBox(laptop))).toBe(full);
    await phone.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => composerText(replyBox(phone))).toBe('');
    await expect.poll(() => composerText(replyBox(laptop))).toBe('');
    // Undo while the send is held: the words come back, as the draft, on both devices.
    await phone.getByTestId('pending-send').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => composerText(replyBox(phone))).toBe(full);
    await expect.poll(() => composerText(replyBox(laptop))).toBe(full);
    await phone.reload();
    await expect.poll(() => composerText(replyBox(phone)), { timeout: 20_000 }).toBe(full);
  });

  it('a draft shared with a teammate appears for them live, follows the writing, can be used, and goes with the send', async () => {
    const { page: ana } = await signedIn(suite.seeded.ownerEmail);
    const { page: alex } = await signedIn(`alex@${suite.seeded.slug}.example`);
    await ana.goto(pathOf(1));
    await alex.goto(pathOf(1));
    await replyBox(alex).waitFor();

    const share = ana.getByRole('button', { name: 'Share draft' });
    expect(await share.isDisabled()).toBe(true);
    await replyBox(ana).fill('Could you check the invoice number?');
    await share.click();
    await ana.getByRole('menu', { name: 'Share draft with' }).getByRole('menuitem', { name: 'Alex Rivera' }).click();
    await expect.poll(() => ana.getByRole('button', { name: 'Shared with Alex Rivera' }).isVisible()).toBe(true);

    const shared = alex.getByTestId('shared-draft');
    await expect.poll(() => shared.textContent(), { timeout: 20_000 }).toContain('Demo Owner shared a draft reply');
    expect(await shared.textContent()).toContain('Could you check the invoice number?');
    await replyBox(ana).pressSequentially(' It is #1042.');
    await expect.poll(() => shared.textContent()).toContain('Could you check the invoice number? It is #1042.');

    await shared.getByRole('button', { name: 'Use this draft' }).click();
    expect(await composerText(replyBox(alex))).toBe('Could you check the invoice number? It is #1042.');

    await ana.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => shared.count()).toBe(0);
    // Alex's copy is his own now.
    expect(await composerText(replyBox(alex))).toBe('Could you check the invoice number? It is #1042.');
  });

  it('a reply sent from a tab that closes at once never comes back as a draft on the agent’s other device', async () => {
    const { page: laptop } = await signedIn(suite.seeded.ownerEmail);
    // The laptop's own deletion of the draft, queued behind the reply, never reaches the server.
    await laptop.route('**/api/conversations/*/drafts/', (route) =>
      (route.request().postDataJSON() as { attributes?: { message?: string } }).attributes?.message === '' ? route.abort() : route.fallback(),
    );
    await laptop.goto(pathOf(2));
    const text = 'Your parcel left the warehouse this morning.';
    await replyBox(laptop).fill(text);
    await expect.poll(() => draftMessage(`${conversations[2]?.id ?? 0}-reply`)).toContain(text);
    await laptop.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => laptop.getByTestId('pending-send').first().isVisible()).toBe(true);
    await laptop.context().close();

    const { page: phone } = await signedIn(suite.seeded.ownerEmail);
    await phone.goto(pathOf(2));
    await expect.poll(() => phone.getByRole('log', { name: 'Messages' }).getByText(text).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await composerText(replyBox(phone))).toBe('');
    expect(await draftMessage(`${conversations[2]?.id ?? 0}-reply`)).toBeNull();
  });
});
