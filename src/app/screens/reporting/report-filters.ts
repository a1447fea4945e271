import { CHANNELS } from '../../../protocol/documents';
import type { Channel } from '../../../protocol/documents';
import { conversationListPath, QUERY_PARAM } from '../conversation-filter';
import type { ReportRange } from './report-range';

/** The inbox report's filters, kept in the URL so a report can be shared. */
export type ReportFilters = {
  channel: Channel | null;
  tag: string | null;
  /** An agent id, 'none' (unassigned) or null (everyone). */
  assignee: number | 'none' | null;
  q: string;
  businessHours: boolean;
};

export function filtersFromParams(params: URLSearchParams): ReportFilters {
  const channel = CHANNELS.find((one) => one === params.get('channel')) ?? null;
  const rawAssignee = params.get('assignee');
  const assignee = rawAssignee === 'none' ? 'none' : rawAssignee && /^\d{1,12}$/.test(rawAssignee) ? Number(rawAssignee) : null;
  return { channel, tag: params.get('tag') || null, assignee, q: params.get('q') ?? '', businessHours: params.get('business_hours') === '1' };
}

/** The report's URL search (and the API's query: the same names, §contract inboxReportQuery). */
export function reportParams(range: ReportRange, filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (filters.channel) params.set('channel', filters.channel);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.assignee !== null) params.set('assignee', String(filters.assignee));
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.businessHours) params.set('business_hours', '1');
  return params;
}

/** What narrows a drill-down beyond the report's own filters. */
export type Narrowing = { range?: ReportRange; channel?: string; tag?: string; assignee?: number | 'none' };

/**
 * The inbox query of the conversations behind a figure: `created:FROM..TO` (days in the
 * organization's zone) and the report's filters, plus what was clicked.
 */
export function drillDownQuery(range: ReportRange, filters: ReportFilters, narrowing: Narrowing = {}): string {
  const days = narrowing.range ?? range;
  const terms = [days.from === days.to ? `created:${days.from}` : `created:${days.from}..${days.to}`];
  const channel = narrowing.channel ?? filters.channel;
  if (channel) terms.push(`channel:${channel.toLowerCase()}`);
  const tag = narrowing.tag ?? filters.tag;
  if (tag) terms.push(`tag:${tag}`);
  const assignee = narrowing.assignee ?? filters.assignee;
  if (assignee !== null) terms.push(`assigned:${assignee}`);
  if (filters.q.trim()) terms.push(filters.q.trim());
  return terms.join(' ');
}

/** The inbox listing the conversations a query matches (`?query=`), over all conversations. */
export function inboxQueryPath(slug: string, query: string): string {
  return `${conversationListPath(slug, 'all')}&${QUERY_PARAM}=${encodeURIComponent(query)}`;
}
