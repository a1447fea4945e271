import { describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES, defaultHours, type OrganizationHours } from '../../src/protocol/hours/hours-model';
import type { Page } from 'playwright-core';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';
import { useShopWebsite } from '../support/shop-website';

const suite = useSeededBrowserSuite({ org: 'hours-e2e', conversations: 3, messagesPerConversation: 1 });
const shop = useShopWebsite({ serverUrl: () => suite.server.url, org: () => suite.seeded.slug });



/** Turns a weekday on or off by its switch's label, as a pointer would (never through the save bar above it). */
async function setDay(page: Page, day: string, open: boolean): Promise<void> {
  const toggle = page.getByRole('switch', { name: `Open on ${day}` });
  if ((await toggle.isChecked()) !== open) await toggle.locator('xpath=..').click();
  await expect.poll(() => toggle.isChecked()).toBe(open);
}

/** Today's weekday in UTC, Monday first (the schedule's index). */
const utcWeekday = () => (new Date().getUTCDay() + 6) % 7;

function utcTime(hoursFromNow: number): string {
  const at = new Date(Date.now() + hoursFromNow * 3_600_000);
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

describe('business hours', () => {
  it('an agent sets the hours on the screen, errors show in place, and a second tab’s sidebar follows live', async () => {
    const watcher = await suite.newAgentPage();
    expect(await watcher.getByTestId('hours-status').count()).toBe(0);

    const page = await suite.newAgentPage();
    await page.getByRole('link', { name: 'Business hours' }).click();
    await page.waitForURL(`**/${suite.seeded.slug}/hours`);
    await page.getByRole('combobox', { name: 'Time zone' }).fill('UTC');

    // An overlap is refused in place, before anything is sent.
    await page.getByRole('button', { name: 'Add hours on Monday' }).click();
    await page.getByLabel('Monday opens at', { exact: true }).nth(1).fill('10:00');
    await page.getByLabel('Monday closes at', { exact: true }).nth(1).fill('12:00');
    await page.getByRole('button', { name: 'Save business hours' }).click();
    const overlap = page.getByText('Monday 10:00–12:00 overlaps 09:00–17:00.');
    await expect.poll(() => overlap.isVisible()).toBe(true);
    expect(await page.getByLabel('Monday opens at', { exact: true }).nth(1).getAttribute('aria-invalid')).toBe('true');

    // Closed every day: the other tab says so.
    for (const day of WEEKDAY_NAMES.slice(0, 5)) await setDay(page, day, false);
    await page.getByRole('button', { name: 'Save business hours' }).click();
    await expect.poll(() => page.getByText('Business hours saved').isVisible()).toBe(true);
    const line = watcher.getByTestId('hours-status');
    await expect.poll(() => line.textContent()).toBe('Closed');

    // A night range runs past midnight, shown as such.
    const today = WEEKDAY_NAMES[utcWeekday()] ?? 'Monday';
    await setDay(page, today, true);
    await page.getByLabel(`${today} opens at`, { exact: true }).fill('22:00');
    await page.getByLabel(`${today} closes at`, { exact: true }).fill('02:00');
    await expect.poll(() => page.getByText('next day', { exact: true }).isVisible()).toBe(true);

    // Open all of today: the other tab's line turns to "Open" and says when it closes.
    await page.getByLabel(`${today} opens at`, { exact: true }).fill('00:00');
    await page.getByLabel(`${today} closes at`, { exact: true }).fill('23:59');
    await page.getByRole('button', { name: 'Save business hours' }).click();
    await expect.poll(() => line.textContent()).toMatch(/^Open · closes \d\d:\d\d$/);
    expect(await page.getByRole('status').filter({ hasText: 'Open now' }).count()).toBe(1);

    const saved = (await suite.api.get<{ hours: OrganizationHours | null }>('organization/')).body.hours;
    expect(saved?.timezone).toBe('UTC');
    expect(saved?.week[utcWeekday()]).toEqual([{ start: '00:00', end: '23:59' }]);
  });

  it('hours saved offline show at once in another tab and reach the server when the network is back', async () => {
    const open: OrganizationHours = { ...defaultHours('UTC'), week: Array.from({ length: 7 }, () => [{ start: '00:00', end: '12:00' }, { start: '12:00', end: '00:00' }]) };
    expect((await suite.api.post('organization/hours', open)).status).toBe(200);
    const page = await suite.newAgentPage();
    const other = await page.context().newPage();
    await other.goto(`/${suite.seeded.slug}/conversations`);
    await waitForConnection(other, 'Live');
    const line = other.getByTestId('hours-status');
    await expect.poll(() => line.textContent()).toBe('Open');

    await page.goto(`/${suite.seeded.slug}/hours`);
    await page.getByRole('switch', { name: 'Open on Monday' }).waitFor();
    await page.context().setOffline(true);
    await waitForConnection(page, 'Offline');
    for (const day of WEEKDAY_NAMES) await setDay(page, day, false);
    await page.getByRole('button', { name: 'Save business hours' }).click();
    await expect.poll(() => line.textContent()).toBe('Closed');
    expect((await suite.api.get<{ hours: OrganizationHours | null }>('organization/')).body.hours?.week[0]).toHaveLength(2);

    await page.context().setOffline(false);
    await expect.poll(async () => (await suite.api.get<{ hours: OrganizationHours | null }>('organization/')).body.hours?.week, { timeout: 20_000 }).toEqual([[], [], [], [], [], [], []]);
  });

  it('the chat widget tells a visitor the team is away and when it is back, and answers with the auto-reply', async () => {
    await suite.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello from Acme!' } });
    const range = { start: utcTime(-3), end: utcTime(-2) };
    const hours: OrganizationHours = {
      ...defaultHours('UTC'),
      week: Array.from({ length: 7 }, () => [range]),
      auto_reply: { email: { enabled: false, text: '' }, chat: { enabled: true, text: 'We are away, back tomorrow morning.' } },
    };
    const saved = await suite.api.post('organization/hours', hours);
    expect(saved.status).toBe(200);

    const visitor = await suite.newPage({ baseURL: shop.url() });
    await visitor.goto(shop.url());
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const panel = visitor.getByRole('dialog', { name: /Chat with/ });
    await expect.poll(() => panel.getByRole('status').filter({ hasText: "We're away — we usually reply from" }).isVisible()).toBe(true);
    await panel.getByRole('textbox', { name: 'Message' }).fill('Is anyone there?');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(() => panel.getByText('We are away, back tomorrow morning.').isVisible()).toBe(true);
  });
});
