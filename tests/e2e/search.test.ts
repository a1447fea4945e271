import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inboxDatabaseName } from '../../src/client-db/inbox-database';
import type { Conversation } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'search-e2e', conversations: 30, messagesPerConversation: 3 });

/** A word no seeded text holds. */
const word = (stem: string) => `${stem}${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'x')}`;

async function conversations(): Promise<Conversation[]> {
  return (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100&order=newest')).body.conversations;
}

/** Drops a conversation's messages from the browser's IndexedDB, as if they were never loaded. */
async function forgetThread(page: Page, slug: string, conversationId: number): Promise<number> {
  return page.evaluate(
    async ({ name, id }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      try {
        const tx = db.transaction('messages', 'readwrite');
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          // A conversation's messages, through the index the app finds them by.
          const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
          const request = tx.objectStore('messages').index('[conversation_id+timestamp_ts]').getAllKeys(range);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
        for (const key of keys) tx.objectStore('messages').delete(key);
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('delete failed'));
        });
        return keys.length;
      } finally {
        db.close();
      }
    },
    { name: inboxDatabaseName(slug), id: conversationId },
  );
}

const results = (page: Page) => page.getByTestId('search-result');
const resultFor = (page: Page, id: number) => page.locator(`[data-testid="search-result"][href*="/view/${id}?"]`);

describe('search', () => {
  it('finds held conversations at once, adds what only the server has, highlights the words, and works offline', async () => {
    const all = await conversations();
    const [held, unheld] = [all[3], all[7]];
    if (!held || !unheld) throw new Error('Not enough seeded conversations');
    const [localWord, serverWord, sharedWord] = [word('quokka'), word('wombat'), word('numbat')];
    await suite.api.post(`conversations/${held.id}/notes`, { message: `Customer mentioned ${localWord} and ${sharedWord} on the phone.` });
    await suite.api.post(`conversations/${unheld.id}/notes`, { message: `Old remark: ${serverWord}, ${sharedWord}.` });
    // The latest note is the conversation's last update: the words above live only in its thread.
    await suite.api.post(`conversations/${unheld.id}/notes`, { message: 'Followed up by phone.' });

    const page = await suite.newAgentPage({ live: false });
    const context = page.context();
    await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain('Live');
    await expect.poll(() => forgetThread(page, suite.seeded.slug, unheld.id)).toBeGreaterThan(0);

    // `/` focuses the field; the held conversation is found in what the browser holds.
    await page.getByTestId('conversation-list').waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('conversation-search');
    await page.keyboard.type(localWord.toUpperCase().slice(0, -1));
    await expect.poll(() => results(page).count()).toBe(1);
    await expect.poll(() => resultFor(page, held.id).getAttribute('data-origin')).toMatch(/^(local|both)$/);
    await expect.poll(() => resultFor(page, held.id).locator('mark').allTextContents()).toEqual([localWord.slice(0, -1)]);
    await expect.poll(() => page.url()).toContain(`search=${localWord.toUpperCase().slice(0, -1)}`);

    // A word only in a thread this browser does not hold: the server's result, with its snippet.
    await page.getByLabel('Search conversations').fill(serverWord);
    await expect.poll(() => resultFor(page, unheld.id).getAttribute('data-origin')).toBe('server');
    await expect.poll(() => resultFor(page, unheld.id).getByTestId('search-snippet').textContent()).toContain(`Old remark: ${serverWord}`);
    await expect.poll(() => resultFor(page, unheld.id).locator('mark').allTextContents()).toEqual([serverWord]);

    // Both: the local hit and the server-only one, each once.
    await page.getByLabel('Search conversations').fill(sharedWord);
    await expect.poll(() => results(page).evaluateAll((links) => links.map((link) => link.getAttribute('data-origin')).sort())).toEqual(['both', 'server']);
    await expect.poll(() => page.getByTestId('search-status').textContent()).toContain(`2 results for “${sharedWord}”`);

    // The local index follows what the sync worker writes: a note that arrives later is found here too.
    const laterWord = word('dingo');
    await suite.api.post(`conversations/${held.id}/notes`, { message: `Later: ${laterWord}` });
    await page.getByLabel('Search conversations').fill(laterWord);
    await expect.poll(() => resultFor(page, held.id).getAttribute('data-origin')).toBe('both');
    await page.getByLabel('Search conversations').fill(sharedWord);
    await expect.poll(() => results(page).count()).toBe(2);
    // The server's answer has arrived and the list is settled before a result is clicked.
    await expect.poll(() => results(page).evaluateAll((links) => links.map((link) => link.getAttribute('data-origin')).sort())).toEqual(['both', 'server']);
    await expect.poll(() => page.getByTestId('search-status').textContent()).toContain(`2 results for “${sharedWord}”`);

    // Opening a result keeps the results beside it.
    await resultFor(page, held.id).click();
    await expect.poll(() => page.url()).toContain(`/view/${held.id}?`);
    await expect.poll(() => results(page).count()).toBe(2);
    // Escape closes the conversation and goes back to the results, not to the list (a first
    // Escape leaves the field that has the focus, if any).
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        return page.url();
      })
      .not.toContain('/view/');
    await expect.poll(() => page.url()).toContain(`search=${sharedWord}`);
    await expect.poll(() => results(page).count()).toBe(2);

    // Offline: local results only, and a quiet note.
    await context.setOffline(true);
    await page.getByLabel('Search conversations').fill(`${localWord} ${sharedWord}`);
    await expect.poll(() => page.getByTestId('search-offline').isVisible()).toBe(true);
    await expect.poll(() => results(page).evaluateAll((links) => links.map((link) => link.getAttribute('data-origin')))).toEqual(['local']);

    // Escape leaves the search: the list is back.
    await page.getByLabel('Search conversations').press('Escape');
    await expect.poll(() => page.getByTestId('conversation-list').isVisible()).toBe(true);
    await expect.poll(() => page.url()).not.toContain('search=');
  });
});
