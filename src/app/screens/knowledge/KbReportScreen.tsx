import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { KbReport } from '../../../protocol/api/knowledge-requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { useLoad } from '../../hooks/use-load';
import { PageHeader } from '../../layout/PageHeader';
import { ExportButton } from '../reporting/ExportButton';
import { FigureCard } from '../reporting/FigureCard';
import { RangePicker } from '../reporting/RangePicker';
import { ReportLoadable } from '../reporting/ReportLoadable';
import { TimeChart } from '../reporting/TimeChart';
import { formatRange, rangeFromParams, todayIn } from '../reporting/report-range';
import { useReportZone } from '../reporting/use-report-zone';
import '../reporting/reporting.css';

/** `reporting/kb` (§2, §6 `organization.reporting`): what customers read, search and miss in the help center. */
export default function KbReportScreen() {
  const zone = useReportZone();
  return <div className="page page--wide report-page kb-page">{zone === undefined ? <Spinner label="Loading the report" /> : <KbReportView zone={zone.zone} />}</div>;
}

function KbReportView({ zone }: { zone: string }) {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const today = todayIn(zone);
  const range = rangeFromParams(params, today);
  const query = new URLSearchParams({ from: range.from, to: range.to }).toString();
  const load = useCallback((signal: AbortSignal) => api.get<KbReport>(`${apiPaths.kbReport}?${query}`, signal), [api, query]);
  const { state, reload } = useLoad(load);
  return (
    <>
      <PageHeader
        title="Knowledge base report"
        description="Views, searches, the searches that found nothing, helpful answers and chats avoided."
        actions={<ExportButton path={`${apiPaths.kbReportExport}?${query}`} fileName={`kb-report-${range.from}-${range.to}.csv`} />}
      />
      <div className="report-toolbar">
        <RangePicker range={range} today={today} zone={zone} onChange={(next) => setParams(new URLSearchParams({ from: next.from, to: next.to }), { replace: true })} />
      </div>
      <ReportLoadable state={state} retry={reload}>
        {(report) => <Report report={report} />}
      </ReportLoadable>
    </>
  );
}

function Report({ report }: { report: KbReport }) {
  const views = report.views.reduce((sum, row) => sum + row.views, 0);
  const answers = report.helpful + report.unhelpful;
  const days = useMemo(() => report.views_by_day.map((day) => day.day), [report]);
  const series = useMemo(() => [{ label: 'Views', values: report.views_by_day.map((day) => day.views) }], [report]);
  return (
    <div className="report kb-report">
      <p className="report__scope hint">
        {formatRange(report)} in {report.time_zone}.
      </p>
      <dl className="report-figures">
        <FigureCard label="Article views" value={views} />
        <FigureCard label="Searches" value={report.searches} />
        <FigureCard label="Helpful" value={answers === 0 ? '—' : `${Math.round((report.helpful / answers) * 100)}%`} note={`${answers} answers`} />
        <FigureCard label="Deflections" value={report.deflections} note="widget reads not followed by a chat" />
      </dl>
      <section className="panel report-panel">
        {views === 0 ? (
          <div className="report-chart">
            <h2 className="report-chart__title">Views per day</h2>
            <p className="hint report-chart__empty">No views in this period.</p>
          </div>
        ) : (
          <TimeChart title="Views per day" days={days} series={series} />
        )}
      </section>
      <div className="kb-report__columns">
        <section className="panel report-panel" aria-labelledby="kb-top-articles">
          <h2 className="report-chart__title report-panel__heading" id="kb-top-articles">
            Articles
          </h2>
          {report.views.length === 0 ? (
            <EmptyState icon="note" title="No views yet">Views appear once customers read your published articles.</EmptyState>
          ) : (
            <div className="report-table">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Article</th>
                    <th scope="col">Views</th>
                    <th scope="col">Helpful</th>
                  </tr>
                </thead>
                <tbody>
                  {report.views.map((row) => (
                    <tr key={row.article_id}>
                      <td>{row.title}</td>
                      <td>{row.views}</td>
                      <td>{row.helpful + row.unhelpful === 0 ? '—' : `${row.helpful} / ${row.helpful + row.unhelpful}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="panel report-panel" aria-labelledby="kb-missing">
          <h2 className="report-chart__title report-panel__heading" id="kb-missing">
            Searches with no result
          </h2>
          {report.searches_without_result.length === 0 ? (
            <p className="hint report-chart__empty report-panel__heading">Every search found something.</p>
          ) : (
            <ul className="kb-report__queries">
              {report.searches_without_result.map((row) => (
                <li key={row.query}>
                  <span>{row.query}</span>
                  <span className="count">{row.count}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
