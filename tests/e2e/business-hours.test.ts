import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES, defaultHours, type OrganizationHours } from '../../src/protocol/hours/hours-model';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'hours-e2e', conversations: 3, messagesPerConversation: 1 });
let website: Server;
let websiteUrl: string;

beforeAll(async () => {
  if (!existsSync('dist/app/widget.js')) throw new Error('dist/app/widget.js is missing: run `npm run build` before the browser tests.');
  website = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme shop</title></head>
      <body><h1>Acme shop</h1><script src="${suite.server.url}/widget.js" data-org="${suite.seeded.slug}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://localhost:${(website.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => website?.close(resolve));
});

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
    for (const day of WEEKDAY_NAMES.slice(0, 5)) await page.getByRole('switch', { name: `Open on ${day}` }).uncheck({ force: true });
    await page.getByRole('button', { name: 'Save business hours' }).click();
    await expect.poll(() => page.getByText('Business hours saved').isVisible()).toBe(true);
    const line = watcher.getByTestId('hours-status');
    await expect.poll(() => line.textContent()).toBe('Closed');

    // A night range runs past midnight, shown as such.
    const today = WEEKDAY_NAMES[utcWeekday()] ?? 'Monday';
    await page.getByRole('switch', { name: `Open on ${today}` }).check({ force: true });
    await page.getByLabel(`${today} opens at`, { exact: true }).fill('22:00');
    await page.getByLabel(`${today} closes at`, { exact: true }).fill('02:00');
    await expect.poll(() => page.getByText('next day').isVisible()).toBe(true);

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

    const visitor = await suite.newPage({ baseURL: websiteUrl });
    await visitor.goto(websiteUrl);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const panel = visitor.getByRole('dialog', { name: /Chat with/ });
    await expect.poll(() => panel.getByRole('status').filter({ hasText: "We're away — we usually reply from" }).isVisible()).toBe(true);
    await panel.getByRole('textbox', { name: 'Message' }).fill('Is anyone there?');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(() => panel.getByText('We are away, back tomorrow morning.').isVisible()).toBe(true);
  });
});
