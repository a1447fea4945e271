import { useEffect, useState } from 'react';
import { CHANNELS } from '../../../protocol/documents';
import { useAgentDirectory } from '../../session/agent-directory';
import { useTagNames } from '../conversations/use-tag-names';
import { CHANNEL_NAMES } from './report-labels';
import type { ReportFilters } from './report-filters';

type InboxReportFiltersProps = { filters: ReportFilters; hasHours: boolean; onChange: (filters: ReportFilters) => void };

/** Channel, tag, assignee, an inbox query, and (with business hours) times counted in hours only. */
export function InboxReportFilters({ filters, hasHours, onChange }: InboxReportFiltersProps) {
  const agents = useAgentDirectory();
  const tags = useTagNames();
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  const people = [...agents.values()].filter((agent) => agent.is_removed !== true).sort((a, b) => a.name.localeCompare(b.name));
  return (
    <form
      className="report-filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, q });
      }}
    >
      <label className="report-filters__field">
        <span>Channel</span>
        <select className="input" value={filters.channel ?? ''} onChange={(event) => onChange({ ...filters, channel: CHANNELS.find((one) => one === event.target.value) ?? null })}>
          <option value="">All channels</option>
          {CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_NAMES[channel]}
            </option>
          ))}
        </select>
      </label>
      <label className="report-filters__field">
        <span>Tag</span>
        <select className="input" value={filters.tag ?? ''} onChange={(event) => onChange({ ...filters, tag: event.target.value || null })}>
          <option value="">All tags</option>
          {[...tags.entries()]
            .sort((a, b) => a[1].localeCompare(b[1]))
            .map(([slug, name]) => (
              <option key={slug} value={slug}>
                {name}
              </option>
            ))}
        </select>
      </label>
      <label className="report-filters__field">
        <span>Assignee</span>
        <select
          className="input"
          value={filters.assignee === null ? '' : String(filters.assignee)}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...filters, assignee: value === '' ? null : value === 'none' ? 'none' : Number(value) });
          }}
        >
          <option value="">Everyone</option>
          <option value="none">Unassigned</option>
          {people.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </label>
      <label className="report-filters__field report-filters__query">
        <span>Inbox query</span>
        <input className="input" type="search" value={q} placeholder="e.g. is:unread refund" onChange={(event) => setQ(event.target.value)} onBlur={() => q !== filters.q && onChange({ ...filters, q })} />
      </label>
      {hasHours && (
        <label className="report-filters__toggle">
          <input type="checkbox" checked={filters.businessHours} onChange={(event) => onChange({ ...filters, businessHours: event.target.checked })} />
          <span>Business hours only</span>
        </label>
      )}
    </form>
  );
}
