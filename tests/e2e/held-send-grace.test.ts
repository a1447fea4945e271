import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { heldReplyConversations } from '../support/held-conversations';

/** A short grace (RELEASE_GRACE_MS): how long the server waits for a device that is not heard from. */
const GRACE_MS = 3000;
const suite = useSeededBrowserSuite({ org: 'held-grace-e2e', conversations: 12, messagesPerConversation: 2, env: { RELEASE_GRACE_MS: String(GRACE_MS) } });

const { freshConversation, serverCopy } = heldReplyConversations(suite);

const strip = (page: Page) => page.getByTestId('pending-send');

async function sendFrom(page: Page, conversationId: number, text: string): Promise<void> {
  await page.goto(`/${suite.seeded.slug}/conversations/view/${conversationId}`);
  await page.getByRole('log', { name: 'Messages' }).waitFor();
  await page.getByLabel('Reply', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect.poll(() => strip(page).textContent()).toMatch(/Sending in \d+ s/);
  await expect.poll(async () => (await serverCopy(conversationId, text))?.status, { timeout: 15_000 }).toBe('PENDING');
}

describe('a held reply whose device is not heard from', () => {
  it('goes out after the grace when every tab was closed during its delay', async () => {
    const page = await suite.newAgentPage();
    const target = await freshConversation();
    const text = `Closed tabs ${Date.now()}`;
    await sendFrom(page, target.id, text);
    await page.context().close();
    await expect.poll(async () => (await serverCopy(target.id, text))?.status, { timeout: 30_000 }).toBe('SENT');
  });

  it('an Undo that reaches the server only after the reply went out is refused, and the agent is told so, never that it was undone', async () => {
    const page = await suite.newAgentPage();
    const target = await freshConversation();
    const text = `Too late ${Date.now()}`;
    await sendFrom(page, target.id, text);
    await page.context().setOffline(true);
    await strip(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => strip(page).textContent()).toContain('Undo not confirmed: the reply may be sent');
    // The device is not heard from: the server sends the reply once the grace has passed.
    await expect.poll(async () => (await serverCopy(target.id, text))?.status, { timeout: 30_000 }).toBe('SENT');
    // Never shown undone: still unconfirmed, or, if the realtime socket outlived the offline
    // switch and brought the sent copy, already said to be too late.
    // Read in one go: the strip can give way to the too-late notice between two separate reads.
    const shownNow = () =>
      page.evaluate(() => {
        const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
        return text('pending-send') ?? text('undo-too-late');
      });
    let shown: string | null = null;
    await expect.poll(async () => (shown = await shownNow())).not.toBeNull();
    expect(['This message has already been sent.', 'Undo not confirmed: the reply may be sent']).toContain(shown);
    expect(await page.getByTestId('cancelled-reply').count()).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'This message has already been sent.' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => strip(page).count()).toBe(0);
    expect(await page.getByTestId('cancelled-reply').count()).toBe(0);
    expect(await page.getByRole('log', { name: 'Messages' }).getByText(text).count()).toBe(1);
  });
});
