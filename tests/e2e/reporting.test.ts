import { describe, expect, it } from 'vitest';
import type { InboxReport } from '../../src/protocol/api/reporting-requests';
import { useSeededBrowserSuite } from '../support/browser-suite';

const suite = useSeededBrowserSuite({ org: 'reporting-e2e', conversations: 40, messagesPerConversation: 2 });

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

describe('inbox report', () => {
  it('opens on the last 30 days, changes to the last 90, and a click on a day bar lands on that day’s conversations in the inbox', async () => {
    const page = await suite.newAgentPage();
    await page.getByRole('link', { name: 'Inbox report' }).click();
    await page.getByRole('heading', { name: 'Inbox report' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${suite.seeded.slug}/reporting/inbox`);
    await page.getByRole('button', { name: 'Last 30 days', pressed: true }).waitFor();

    await page.getByRole('button', { name: 'Last 90 days' }).click();
    const range = { from: day(-89), to: day(0) };
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(range.from);
    // The organization has no business hours: days are UTC days.
    const report = (await suite.api.get<InboxReport>(`reporting/inbox?from=${range.from}&to=${range.to}`)).body;
    await expect.poll(async () => page.locator('.report-figure').first().locator('.report-figure__value').textContent()).toBe(report.current.created.toLocaleString('en-US'));

    // The busiest day's bar, on the canvas: its column is its share of the plot's width.
    const busiest = report.by_day.reduce((best, row, index) => (row.created > (report.by_day[best]?.created ?? 0) ? index : best), 0);
    const target = report.by_day[busiest];
    expect(target?.created).toBeGreaterThan(0);
    const plot = page.locator('[data-testid=time-chart] .u-over');
    const box = await plot.boundingBox();
    if (!box || !target) throw new Error('No chart');
    await plot.click({ position: { x: ((busiest + 0.5) / report.by_day.length) * box.width, y: box.height - 4 } });

    await page.waitForURL(`**/${suite.seeded.slug}/conversations?**`);
    expect(new URL(page.url()).searchParams.get('query')).toBe(`created:${target.day}`);
    await expect.poll(() => page.locator('.list-pane__query').textContent()).toBe(`Matching created:${target.day}Clear`);
    await expect.poll(() => page.getByTestId('conversation-row').count()).toBe(target.created);
    // A row opens its conversation and the list stays the query's.
    await page.getByTestId('conversation-row').first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBe(`created:${target.day}`);
    await expect.poll(() => page.getByTestId('conversation-row').count()).toBe(target.created);
  });
});
