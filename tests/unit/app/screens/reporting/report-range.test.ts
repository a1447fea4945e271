import { describe, expect, it } from 'vitest';
import { drillDownQuery, filtersFromParams, inboxQueryPath } from '../../../../../src/app/screens/reporting/report-filters';
import { presetOf, presetRange, rangeFromParams, todayIn } from '../../../../../src/app/screens/reporting/report-range';

describe('report ranges', () => {
  it('computes the presets from today in the organization’s zone, months included', () => {
    expect(presetRange('7d', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(presetRange('this-month', '2026-03-03')).toEqual({ from: '2026-03-01', to: '2026-03-03' });
    expect(presetRange('last-month', '2026-03-03')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetOf({ from: '2025-12-05', to: '2026-03-04' }, '2026-03-04')).toBe('90d');
    expect(presetOf({ from: '2026-01-02', to: '2026-01-09' }, '2026-03-04')).toBeNull();
    // 23:30 UTC on 1 Nov is already 2 Nov in Tokyo.
    expect(todayIn('Asia/Tokyo', new Date('2026-11-01T23:30:00Z'))).toBe('2026-11-02');
  });

  it('falls back to the last 30 days for a missing, reversed or too long range in the URL', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-11-01&to=2026-11-07'), '2026-12-01')).toEqual({ from: '2026-11-01', to: '2026-11-07' });
    expect(rangeFromParams(new URLSearchParams('from=2026-11-07&to=2026-11-01'), '2026-12-01')).toEqual({ from: '2026-11-02', to: '2026-12-01' });
    expect(rangeFromParams(new URLSearchParams('from=2020-01-01&to=2026-11-01'), '2026-12-01').from).toBe('2026-11-02');
  });
});

describe('drill-down', () => {
  const range = { from: '2026-11-01', to: '2026-11-07' };

  it('builds the inbox query of what was clicked, with the report’s own filters', () => {
    const filters = filtersFromParams(new URLSearchParams('channel=EMAIL&q=refund is:unread'));
    expect(drillDownQuery(range, filters)).toBe('created:2026-11-01..2026-11-07 channel:email refund is:unread');
    expect(drillDownQuery(range, filters, { range: { from: '2026-11-02', to: '2026-11-02' }, tag: 'billing', assignee: 'none' })).toBe(
      'created:2026-11-02 channel:email tag:billing assigned:none refund is:unread',
    );
    expect(inboxQueryPath('acme', 'created:2026-11-02 tag:billing')).toBe('/acme/conversations?filter=all&query=created%3A2026-11-02%20tag%3Abilling');
  });
});
