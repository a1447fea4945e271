import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Conversation, Tag } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'triage-e2e', conversations: 12, messagesPerConversation: 2 });
let conversations: Conversation[];

beforeAll(async () => {
  conversations = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=100&order=newest')).body.conversations;
  // Every conversation open, unassigned and untagged: the default inbox shows them all.
  await suite.api.post('conversations/bulk', { ids: conversations.map((c) => c.id), action: { status: 'OPENED' } });
  await suite.api.post('conversations/bulk', { ids: conversations.map((c) => c.id), action: { agent_id: null } });
  for (const c of conversations) for (const slug of c.tags) await suite.api.delete(`conversations/${c.id}/tags/${slug}`);
});

async function openConversation(id: number, path = `conversations/view/${id}`): Promise<Page> {
  const page = await suite.newAgentPage();
  await page.goto(`/${suite.seeded.slug}/${path}`);
  await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: 20_000 });
  return page;
}

const tagNames = async () => (await suite.api.get<Tag[]>('tags')).body.map((tag) => tag.name);

describe('the tag field', () => {
  it('t, "bil", Enter picks Billing instead of creating a tag "bil"; creating is an explicit row', async () => {
    const target = conversations[0];
    if (!target) throw new Error('Nothing seeded');
    const page = await openConversation(target.id);
    await page.keyboard.press('t');
    await page.keyboard.type('bil');
    const options = page.getByRole('listbox', { name: 'Matching tags' }).getByRole('option');
    await expect.poll(() => options.first().textContent()).toBe('Billing');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    expect(await options.last().textContent()).toBe('Create “bil”');
    await page.keyboard.press('Enter');

    await expect.poll(() => page.getByRole('list', { name: 'Tags' }).getByText('Billing').isVisible()).toBe(true);
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body.tags, { timeout: 20_000 }).toEqual(['billing']);
    expect(await tagNames()).not.toContain('bil');

    // A name that differs only in case is the same tag: no "Create" row for it.
    await page.getByLabel('Add tag', { exact: true }).fill('URGENT');
    await expect.poll(() => options.first().textContent()).toBe('Urgent');
    expect(await options.filter({ hasText: 'Create' }).count()).toBe(0);

    // Creating a new one is choosing the row that says so.
    await page.getByLabel('Add tag', { exact: true }).fill('Refund later');
    await options.filter({ hasText: 'Create “Refund later”' }).click();
    await expect.poll(async () => tagNames(), { timeout: 20_000 }).toContain('Refund later');
  });

  it('a new tag’s chip reads its name as typed from the moment it shows, and stays once stored', async () => {
    const target = conversations[1];
    if (!target) throw new Error('Nothing seeded');
    const page = await openConversation(target.id);
    const tags = page.getByRole('list', { name: 'Tags' });
    // Every text a chip ever shows, from before the Enter.
    await tags.evaluate((list) => {
      const seen: string[] = [];
      (window as unknown as { chipTexts: string[] }).chipTexts = seen;
      new MutationObserver(() => {
        for (const chip of list.querySelectorAll('li')) seen.push(chip.textContent ?? '');
      }).observe(list, { childList: true, subtree: true, characterData: true });
    });
    await page.keyboard.press('t');
    await page.keyboard.type('Late Delivery');
    await page.getByRole('listbox', { name: 'Matching tags' }).getByRole('option', { name: 'Create “Late Delivery”' }).click();
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body.tags, { timeout: 20_000 }).toEqual(['late-delivery']);
    expect(await tags.getByRole('listitem').allTextContents()).toEqual(['Late DeliveryRemove tag Late Delivery']);
    const seen = await page.evaluate(() => (window as unknown as { chipTexts: string[] }).chipTexts);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['Late DeliveryRemove tag Late Delivery']));
  });
});

describe('a tag renamed since it was made', () => {
  it('picked by its new name shows as one chip; removed, its chip goes with a toast; z brings it back', async () => {
    const target = conversations[10];
    if (!target) throw new Error('Nothing seeded');
    await suite.api.post('tags', { name: 'Partners' });
    await suite.api.patch('tags/partners', { name: 'Resellers' });
    const page = await openConversation(target.id);
    const tags = page.getByRole('list', { name: 'Tags' });
    // The most chips the list ever shows, and every text one shows, from before the Enter.
    await tags.evaluate((list) => {
      const record = { most: 0, texts: new Set<string>() };
      (window as unknown as { chips: typeof record }).chips = record;
      new MutationObserver(() => {
        const chips = list.querySelectorAll('li');
        record.most = Math.max(record.most, chips.length);
        for (const chip of chips) record.texts.add(chip.textContent ?? '');
      }).observe(list, { childList: true, subtree: true, characterData: true });
    });
    await page.keyboard.press('t');
    await page.keyboard.type('resellers');
    const options = page.getByRole('listbox', { name: 'Matching tags' }).getByRole('option');
    await expect.poll(() => options.first().textContent()).toBe('Resellers');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body.tags, { timeout: 20_000 }).toEqual(['partners']);
    const chips = () => page.evaluate(() => {
      const { most, texts } = (window as unknown as { chips: { most: number; texts: Set<string> } }).chips;
      return { most, texts: [...texts] };
    });
    expect(await chips()).toEqual({ most: 1, texts: ['ResellersRemove tag Resellers'] });
    expect(await tagNames()).not.toContain('resellers');

    await page.getByRole('button', { name: 'Remove tag Resellers' }).click();
    // At once in the tab (the overlay's unit tests); here, only that it goes.
    await expect.poll(() => tags.getByRole('listitem').count()).toBe(0);
    await expect.poll(() => page.getByText(`“Resellers” removed from #${target.id}`).isVisible()).toBe(true);
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body.tags, { timeout: 20_000 }).toEqual([]);
    await page.keyboard.press('z');
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body.tags, { timeout: 20_000 }).toEqual(['partners']);
    await expect.poll(() => tags.getByRole('listitem').allTextContents()).toEqual(['ResellersRemove tag Resellers']);
  });
});

describe('removing the tag a custom inbox lists by', () => {
  it('takes the open conversation out of that inbox and opens the next one', async () => {
    const tagged = [conversations[8], conversations[9]];
    for (const c of tagged) if (c) await suite.api.post(`conversations/${c.id}/tags`, { name: 'Callback' });
    await suite.api.patch('account/', { custom_inboxes: [{ key: 'callbacks', name: 'Callbacks', query: 'tag:callback' }] });
    try {
      const page = await suite.newAgentPage();
      await page.goto(`/${suite.seeded.slug}/conversations?inbox=callbacks`);
      await expect.poll(async () => (await rowIds(page)).length, { timeout: 20_000 }).toBe(2);
      const [target, next] = await rowIds(page);
      await page.goto(`/${suite.seeded.slug}/conversations/view/${target}?inbox=callbacks`);
      await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => selectedId(page), { timeout: 20_000 }).toBe(target);

      await page.getByRole('button', { name: 'Remove tag Callback' }).click();
      await expect.poll(() => openId(page)).toBe(next);
      await expect.poll(() => rowIds(page)).toEqual([next]);
      await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target}`)).body.tags, { timeout: 20_000 }).toEqual([]);
    } finally {
      await suite.api.patch('account/', { custom_inboxes: [] });
    }
  });
});

describe('signing in from a deep link', () => {
  it('a conversation opened while signed out is where signing in lands', async () => {
    const target = conversations[3];
    if (!target) throw new Error('Nothing seeded');
    const page = await suite.newPage();
    await page.goto(`/${suite.seeded.slug}/conversations/view/${target.id}`);
    await page.waitForURL('**/auth/login?next=**');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/${suite.seeded.slug}/conversations/view/${target.id}`);
    await page.getByLabel('Email').fill(suite.seeded.ownerEmail);
    await page.getByLabel('Password').fill(suite.seeded.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(`/${suite.seeded.slug}/conversations/view/${target.id}`);
    await expect.poll(() => page.getByRole('log', { name: 'Messages' }).isVisible(), { timeout: 20_000 }).toBe(true);
  });
});

const rowIds = (page: Page) =>
  page.getByTestId('conversation-row').evaluateAll((links) => links.map((link) => Number(/\/view\/(\d+)/.exec(link.getAttribute('href') ?? '')?.[1])));
const selectedId = async (page: Page) => Number((await page.locator('[data-selected]').getAttribute('id'))?.replace('conversation-row-', ''));
const openId = (page: Page) => Number(/\/view\/(\d+)/.exec(new URL(page.url()).pathname)?.[1]);

/** A signed-in agent's Inbox once it shows more than four rows, and their ids in order. */
async function inboxWithRows(): Promise<{ page: Page; ids: number[] }> {
  const page = await suite.newAgentPage();
  await page.goto(`/${suite.seeded.slug}/conversations?filter=inbox`);
  await expect.poll(async () => (await rowIds(page)).length, { timeout: 20_000 }).toBeGreaterThan(4);
  return { page, ids: await rowIds(page) };
}

describe('the list and the open conversation', () => {
  it('a conversation opened by its address is the selected row; j and Enter go on from it', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/conversations?filter=all`);
    await expect.poll(async () => (await rowIds(page)).length, { timeout: 20_000 }).toBeGreaterThan(6);
    const ids = await rowIds(page);
    const fourth = ids[3] ?? 0;
    await page.goto(`/${suite.seeded.slug}/conversations/view/${fourth}?filter=all`);
    await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => selectedId(page)).toBe(fourth);
    await page.keyboard.press('j');
    await expect.poll(() => selectedId(page)).toBe(ids[4]);
    await page.keyboard.press('Enter');
    await expect.poll(() => openId(page)).toBe(ids[4]);
    await expect.poll(() => page.locator('[data-selected]').getAttribute('aria-current')).toBe('page');
  });

  it('closing the open conversation with e opens the next one; with auto-advance off it stays', async () => {
    const { page, ids } = await inboxWithRows();
    await page.goto(`/${suite.seeded.slug}/conversations/view/${ids[1]}?filter=inbox`);
    await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: 20_000 });
    // The list beside it shows it selected: the row taking its place is known.
    await expect.poll(() => selectedId(page), { timeout: 20_000 }).toBe(ids[1]);
    await page.keyboard.press('e');
    await expect.poll(() => openId(page)).toBe(ids[2]);
    await expect.poll(() => selectedId(page)).toBe(ids[2]);
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${ids[1]}`)).body.status, { timeout: 20_000 }).toBe('CLOSED');

    // Turned off in the account settings: the closed conversation stays open.
    await page.goto(`/${suite.seeded.slug}/account/general`);
    const autoAdvance = page.getByRole('switch', { name: /open the next conversation/ });
    await page.getByText('After closing or moving a conversation, open the next conversation').click();
    await expect.poll(() => autoAdvance.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await suite.api.get<{ agent: { preferences: { auto_advance: boolean } } }>('account/')).body.agent.preferences.auto_advance).toBe(false);
    await page.goto(`/${suite.seeded.slug}/conversations/view/${ids[2]}?filter=inbox`);
    await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: 20_000 });
    await page.keyboard.press('e');
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${ids[2]}`)).body.status, { timeout: 20_000 }).toBe('CLOSED');
    expect(openId(page)).toBe(ids[2]);
    await suite.api.patch('account/', { preferences: { auto_advance: true } });
  });

  it('e typed right after Enter closes the conversation being opened, not the one open before', async () => {
    const { page, ids } = await inboxWithRows();
    await page.goto(`/${suite.seeded.slug}/conversations/view/${ids[0]}?filter=inbox`);
    await expect.poll(() => selectedId(page), { timeout: 20_000 }).toBe(ids[0]);
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.keyboard.press('e');
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${ids[1]}`)).body.status, { timeout: 20_000 }).toBe('CLOSED');
    await expect.poll(() => openId(page)).toBe(ids[2]);
    expect((await suite.api.get<Conversation>(`conversations/${ids[0]}`)).body.status).toBe('OPENED');
  });
});

describe('the offline counter', () => {
  it('counts four actions as four changes waiting, whatever the drafts typed meanwhile', async () => {
    const target = conversations[6];
    if (!target) throw new Error('Nothing seeded');
    const page = await openConversation(target.id, `conversations/view/${target.id}?filter=all`);
    const status = page.getByTestId('connection-status');
    await page.context().setOffline(true);
    await expect.poll(() => status.textContent()).toContain('Offline');

    const reply = page.getByLabel('Reply', { exact: true });
    await reply.fill('A first thought');
    await page.keyboard.press('Escape');
    await page.keyboard.press('a');
    await page.getByLabel('Add tag', { exact: true }).fill('Shipping');
    await page.getByLabel('Add tag', { exact: true }).press('Enter');
    await reply.fill('A second thought, saved as a draft too');
    await page.getByLabel('Status').selectOption('WAITING');
    await reply.fill('And a third');
    await page.keyboard.press('Escape');
    await page.keyboard.press('a');
    await expect.poll(() => status.textContent()).toContain('4 changes waiting');

    await page.context().setOffline(false);
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('Live');
    // Seven rows in one lane (the drafts' saves among them) after a reconnection: slow on a busy machine.
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body, { timeout: 45_000 }).toMatchObject({
      status: 'WAITING',
      agent_id: null,
      tags: ['shipping'],
    });
  });
});

describe('the command palette', () => {
  it('"assign" lists the Assign actions before any conversation', async () => {
    const target = conversations[7];
    if (!target) throw new Error('Nothing seeded');
    const page = await openConversation(target.id, `conversations/view/${target.id}?filter=all`);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect.poll(() => palette.isVisible()).toBe(true);
    await page.keyboard.type('assign');
    const options = palette.getByRole('option');
    await expect.poll(async () => (await options.allTextContents()).length).toBeGreaterThan(1);
    const texts = await options.allTextContents();
    const firstConversation = texts.findIndex((text) => /#\d+/.test(text));
    const lastAssign = texts.map((text) => /^Assign to/.test(text)).lastIndexOf(true);
    expect(texts[0]).toMatch(/^Assign to/);
    if (firstConversation >= 0) expect(lastAssign).toBeLessThan(firstConversation);
  });
});

describe('addresses', () => {
  it('/{domain}/waiting and /{domain}/all open those lists; /{domain} goes where / goes', async () => {
    const page = await suite.newAgentPage();
    const slug = suite.seeded.slug;
    await page.goto(`/${slug}/waiting`);
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/${slug}/conversations?filter=waiting`);
    expect(await page.getByText('Page not found').count()).toBe(0);
    await page.goto(`/${slug}/all`);
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/${slug}/conversations?filter=all`);
    await page.goto('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${slug}/bonjour`);
    await page.goto(`/${slug}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${slug}/bonjour`);
  });

  it('a used or wrong invitation says what to do about an invitation', async () => {
    const page = await suite.newPage();
    await page.goto('/invite/not-a-real-invitation-token-0000000000000000');
    await expect.poll(() => page.getByText('This invitation cannot be used').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText('Ask the teammate who invited you to send a new one').isVisible()).toBe(true);
    expect(await page.getByText('You can ask for a new one from the').count()).toBe(0);
  });
});

describe('assigning to a teammate', () => {
  it('assigns the open conversation to anyone from the header, and a selection from the bulk toolbar', async () => {
    const agents = (await suite.api.get<{ id: number; name: string }[]>('agents/?complete=true')).body;
    const sam = agents.find((agent) => agent.name === 'Sam Chen');
    if (!sam) throw new Error('The seed has no Sam Chen');
    const target = conversations[8];
    if (!target) throw new Error('Nothing seeded');
    const page = await openConversation(target.id, `conversations/view/${target.id}?filter=all`);

    await page.getByRole('button', { name: /^Assignee: / }).click();
    await page.getByRole('combobox', { name: 'Find a teammate' }).fill('sam');
    await expect.poll(() => page.getByRole('option', { name: /Sam Chen/, selected: true }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Assignee: Sam Chen' }).isVisible()).toBe(true);
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target.id}`)).body.agent_id, { timeout: 20_000 }).toBe(sam.id);

    // Two rows picked with x, assigned to Sam in one go.
    await page.goto(`/${suite.seeded.slug}/conversations?filter=all`);
    await expect.poll(async () => (await rowIds(page)).length, { timeout: 20_000 }).toBeGreaterThan(3);
    for (let n = 0; n < 2; n++) {
      await page.keyboard.press('j');
      await page.keyboard.press('x');
    }
    const picked = await page.locator('[data-marked]').evaluateAll((links) => links.map((link) => Number(link.id.replace('conversation-row-', ''))));
    expect(picked).toHaveLength(2);
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Assign the selected conversations' }).click();
    await page.getByRole('combobox', { name: 'Find a teammate' }).fill('Sam');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: '2 conversations assigned' }).isVisible()).toBe(true);
    await expect
      .poll(async () => Promise.all(picked.map(async (id) => (await suite.api.get<Conversation>(`conversations/${id}`)).body.agent_id)), { timeout: 20_000 })
      .toEqual([sam.id, sam.id]);
  });
});

describe('snoozing', () => {
  it('Snooze → Tomorrow takes the conversation out of the inbox into Snoozed; it comes back at its time', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/conversations?filter=inbox`);
    await expect.poll(async () => (await rowIds(page)).length, { timeout: 20_000 }).toBeGreaterThan(2);
    const [target, next] = await rowIds(page);
    await page.goto(`/${suite.seeded.slug}/conversations/view/${target}?filter=inbox`);
    await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Snooze' }).click();
    await page.getByRole('menuitem', { name: /^Tomorrow/ }).click();
    // Out of the inbox, and the next conversation opens (auto-advance).
    await expect.poll(async () => (await rowIds(page)).includes(target ?? 0)).toBe(false);
    await expect.poll(() => openId(page)).toBe(next);
    await expect.poll(async () => (await suite.api.get<Conversation>(`conversations/${target}`)).body.snoozed_until ?? null, { timeout: 20_000 }).not.toBeNull();
    await page.getByRole('navigation', { name: 'Conversation filters' }).getByRole('link', { name: 'Snoozed' }).click();
    await expect.poll(() => rowIds(page)).toEqual([target]);

    // Due in a moment instead: the server wakes it and it is back in the inbox, live.
    await suite.api.post(`conversations/${target}/snooze`, { until: Date.now() + 1500 });
    await page.goto(`/${suite.seeded.slug}/conversations?filter=inbox`);
    await expect.poll(async () => (await rowIds(page)).includes(target ?? 0), { timeout: 30_000 }).toBe(true);
  });
});

describe('the Tags page', () => {
  it('creates a tag led by an emoji in its colour, and a rename shows on every conversation at once', async () => {
    const target = conversations[9];
    if (!target) throw new Error('Nothing seeded');
    await suite.api.post(`conversations/${target.id}/tags`, { name: 'Onboarding' });
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/tags`);
    await page.getByRole('textbox', { name: 'New tag' }).fill('🔥 Hot leads');
    await page.getByRole('button', { name: 'Create tag' }).click();
    const rows = page.getByTestId('tag-row');
    const hot = rows.filter({ hasText: '🔥 Hot leads' }).locator('.tag');
    await expect.poll(() => hot.isVisible()).toBe(true);
    // The 🔥 colour (#f4511e) at 0.1 alpha behind the name.
    expect(await hot.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/0\.1\)$/);
    await expect.poll(async () => (await suite.api.get<Tag[]>('tags')).body.map((tag) => tag.name), { timeout: 20_000 }).toContain('🔥 Hot leads');

    // A second tag of the same name, in other letters, is refused before it is sent.
    await page.getByRole('textbox', { name: 'New tag' }).fill('🔥 HOT LEADS');
    await expect.poll(() => page.getByText('Name is already a tag').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create tag' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Edit tag Onboarding' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('First steps');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await suite.api.get<Tag[]>('tags')).body.find((tag) => tag.slug === 'onboarding')?.name, { timeout: 20_000 }).toBe('First steps');
    await page.goto(`/${suite.seeded.slug}/conversations/view/${target.id}?filter=all`);
    await expect.poll(() => page.getByRole('list', { name: 'Tags' }).getByText('First steps').isVisible(), { timeout: 20_000 }).toBe(true);
  });
});

describe('the Undo toast', () => {
  it('stays clear of the composer, so the note is added the moment after a tag, at desktop and phone sizes', async () => {
    const target = conversations[11];
    if (!target) throw new Error('Nothing seeded');
    for (const [size, viewport] of [['desktop', { width: 1280, height: 720 }], ['phone', { width: 390, height: 844 }]] as const) {
      const page = await suite.newAgentPage({ context: { viewport } });
      await page.goto(`/${suite.seeded.slug}/conversations/view/${target.id}`);
      await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: 20_000 });
      await page.getByRole('tab', { name: 'Note' }).click();
      const note = `Checked the toast at ${size} size`;
      await page.getByLabel('Note', { exact: true }).fill(note);
      await page.getByLabel('Add tag', { exact: true }).fill(`toast ${size}`);
      await page.getByLabel('Add tag', { exact: true }).press('Enter');
      const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: 'Undo' });
      await toast.waitFor();

      const button = page.getByRole('button', { name: 'Add note' });
      const [toastBox, buttonBox] = await Promise.all([toast.boundingBox(), button.boundingBox()]);
      if (!toastBox || !buttonBox) throw new Error('The toast or the button is not on screen');
      expect(toastBox.y + toastBox.height, `the toast ends above the composer at ${size} size`).toBeLessThanOrEqual(buttonBox.y);
      // Nothing covers the button: the click reaches it at once, the toast still showing.
      await button.click({ timeout: 2_000 });
      await expect.poll(() => page.getByRole('log', { name: 'Messages' }).getByText(note).isVisible()).toBe(true);
      expect(await toast.isVisible()).toBe(true);
      await page.context().close();
    }
  });
});
