import { useMemo } from 'react';
import type { InboxReport } from '../../../protocol/api/reporting-requests';
import { BarList } from './BarList';
import { FigureCard } from './FigureCard';
import { Heatmap } from './Heatmap';
import { TimeChart } from './TimeChart';
import type { Narrowing } from './report-filters';
import { formatDuration } from './report-format';
import { channelName } from './report-labels';
import { formatRange } from './report-range';

export type DrillDown = { href: (narrowing?: Narrowing) => string; open: (narrowing?: Narrowing) => void };

/** The inbox report's figures, charts, heatmap and agent table; each drills down to its conversations. */
export function InboxReportBody({ report, drill }: { report: InboxReport; drill: DrillDown }) {
  const { current, previous } = report;
  const days = useMemo(() => report.by_day.map((day) => day.day), [report]);
  const series = useMemo(
    () => [
      { label: 'Created', values: report.by_day.map((day) => day.created) },
      { label: 'Closed', values: report.by_day.map((day) => day.closed) },
    ],
    [report],
  );
  const dayRange = (index: number) => {
    const day = days[index] ?? report.from;
    return { range: { from: day, to: day } };
  };
  const hours = report.business_hours ? ' (business hours)' : '';
  return (
    <div className="report">
      <p className="report__scope hint">
        {formatRange(report)} in {report.time_zone}, compared with {formatRange({ from: report.previous_from, to: report.previous_to })}.
      </p>
      <dl className="report-figures">
        <FigureCard label="Conversations created" value={current.created} current={current.created} previous={previous.created} href={drill.href()} onOpen={() => drill.open()} />
        <FigureCard label="Closed" value={current.closed} current={current.closed} previous={previous.closed} />
        <FigureCard label="Reopened" value={current.reopened} current={current.reopened} previous={previous.reopened} lowerIsBetter />
        <FigureCard label="Messages received" value={current.messages_received} current={current.messages_received} previous={previous.messages_received} />
        <FigureCard label="Replies sent" value={current.messages_sent} current={current.messages_sent} previous={previous.messages_sent} />
        <FigureCard
          label={`First response, median${hours}`}
          value={formatDuration(current.first_response.median)}
          current={current.first_response.median}
          previous={previous.first_response.median}
          previousText={formatDuration(previous.first_response.median)}
          lowerIsBetter
          note={`p90 ${formatDuration(current.first_response.p90)} · ${current.first_response.count} conversations`}
        />
        <FigureCard
          label={`Resolution, median${hours}`}
          value={formatDuration(current.resolution.median)}
          current={current.resolution.median}
          previous={previous.resolution.median}
          previousText={formatDuration(previous.resolution.median)}
          lowerIsBetter
          note={`p90 ${formatDuration(current.resolution.p90)} · ${current.resolution.count} conversations`}
        />
      </dl>
      <section className="panel report-panel">
        <TimeChart
          title="Created and closed per day"
          days={days}
          series={series}
          hrefOf={(index) => drill.href(dayRange(index))}
          onOpen={(index) => drill.open(dayRange(index))}
        />
      </section>
      <div className="report-columns">
        <section className="panel report-panel">
          <BarList
            title="By channel"
            empty="No conversations in this period."
            items={report.by_channel.map((row) => ({ key: row.channel, label: channelName(row.channel), value: row.created, href: drill.href({ channel: row.channel }), onOpen: () => drill.open({ channel: row.channel }) }))}
          />
        </section>
        <section className="panel report-panel">
          <BarList
            title="By tag"
            empty="No tagged conversations in this period."
            items={report.by_tag.map((row) => ({ key: row.tag, label: row.name, value: row.created, href: drill.href({ tag: row.tag }), onOpen: () => drill.open({ tag: row.tag }) }))}
          />
        </section>
        <section className="panel report-panel">
          <BarList
            title="By assignee"
            empty="No conversations in this period."
            items={report.by_assignee.map((row) => {
              const assignee = row.agent_id ?? 'none';
              return { key: String(assignee), label: row.agent_id === null ? 'Unassigned' : row.name, value: row.created, href: drill.href({ assignee }), onOpen: () => drill.open({ assignee }) };
            })}
          />
        </section>
      </div>
      <section className="panel report-panel">
        <Heatmap title="When customers write" cells={report.heatmap} />
      </section>
      <section className="panel report-panel" aria-labelledby="report-agents">
        <h2 className="report-chart__title report-panel__heading" id="report-agents">
          Teammates
        </h2>
        {report.agents.length === 0 ? (
          <p className="hint report-chart__empty">No replies in this period.</p>
        ) : (
          <div className="report-table">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Teammate</th>
                  <th scope="col">Handled</th>
                  <th scope="col">Replies</th>
                  <th scope="col">First response, median</th>
                  <th scope="col">Open now</th>
                </tr>
              </thead>
              <tbody>
                {report.agents.map((row) => (
                  <tr key={row.agent_id}>
                    <th scope="row">
                      <a
                        href={drill.href({ assignee: row.agent_id })}
                        onClick={(event) => {
                          event.preventDefault();
                          drill.open({ assignee: row.agent_id });
                        }}
                      >
                        {row.name}
                      </a>
                    </th>
                    <td>{row.handled}</td>
                    <td>{row.replies}</td>
                    <td>{formatDuration(row.first_response_median)}</td>
                    <td>{row.open_now}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
