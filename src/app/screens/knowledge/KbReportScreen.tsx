import { useCallback, useState } from 'react';
import type { KbReport } from '../../../protocol/api/knowledge-requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { EmptyState } from '../../components/EmptyState';
import { Loadable } from '../../components/Loadable';
import { useLoad } from '../../hooks/use-load';
import { PageHeader } from '../../layout/PageHeader';

const PERIODS = [7, 30, 90] as const;

/** `reporting/kb` (§2, §6 `organization.reporting`): what customers read, search and miss in the help center. */
export default function KbReportScreen() {
  const api = useApi();
  const [days, setDays] = useState<number>(30);
  const load = useCallback((signal: AbortSignal) => api.get<KbReport>(`${apiPaths.kbReport}?days=${days}`, signal), [api, days]);
  const { state } = useLoad(load);
  return (
    <div className="page page--wide kb-page">
      <PageHeader
        title="Knowledge base report"
        description="Views, searches, the searches that found nothing, helpful answers and chats avoided."
        actions={
          <div className="segmented" role="group" aria-label="Period">
            {PERIODS.map((period) => (
              <button key={period} type="button" className="segmented__option" aria-pressed={days === period} onClick={() => setDays(period)}>
                {period} days
              </button>
            ))}
          </div>
        }
      />
      <Loadable state={state} loading="Loading the report">
        {(report) => <Report report={report} />}
      </Loadable>
    </div>
  );
}

function Report({ report }: { report: KbReport }) {
  const views = report.views.reduce((sum, row) => sum + row.views, 0);
  const answers = report.helpful + report.unhelpful;
  // Every day of the period, those without a view too.
  const byDay = new Map(report.views_by_day.map((day) => [day.day, day.views]));
  const days = Array.from({ length: report.days }, (_, index) => {
    const day = new Date(Date.now() - (report.days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    return { day, views: byDay.get(day) ?? 0 };
  });
  const peak = Math.max(1, ...days.map((day) => day.views));
  return (
    <div className="kb-report">
      <dl className="kb-report__figures">
        <Figure label="Article views" value={views} />
        <Figure label="Searches" value={report.searches} />
        <Figure label="Helpful" value={answers === 0 ? '—' : `${Math.round((report.helpful / answers) * 100)}%`} note={`${answers} answers`} />
        <Figure label="Deflections" value={report.deflections} note="widget reads not followed by a chat" />
      </dl>
      <section className="panel" aria-labelledby="kb-views-by-day">
        <div className="panel__header">
          <h2 className="panel__title" id="kb-views-by-day">
            Views per day
          </h2>
        </div>
        {report.views_by_day.length === 0 ? (
          <p className="panel__body hint">No views yet.</p>
        ) : (
          <ol className="kb-report__bars" aria-label="Views per day">
            {days.map((day) => (
              <li key={day.day} title={`${day.day}: ${day.views}`}>
                <span className="kb-report__bar" style={{ height: day.views === 0 ? '1px' : `${Math.max(4, (day.views / peak) * 100)}%` }} />
                <span className="visually-hidden">
                  {day.day}: {day.views}
                </span>
              </li>
            ))}
          </ol>
        )}
        {report.views_by_day.length > 0 && (
          <p className="kb-report__axis">
            <span>{days[0]?.day}</span>
            <span>{days.at(-1)?.day}</span>
          </p>
        )}
      </section>
      <div className="kb-report__columns">
        <section className="panel" aria-labelledby="kb-top-articles">
          <div className="panel__header">
            <h2 className="panel__title" id="kb-top-articles">
              Articles
            </h2>
          </div>
          {report.views.length === 0 ? (
            <EmptyState icon="note" title="No views yet">Views appear once customers read your published articles.</EmptyState>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th>Article</th>
                  <th>Views</th>
                  <th>Helpful</th>
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
          )}
        </section>
        <section className="panel" aria-labelledby="kb-missing">
          <div className="panel__header">
            <h2 className="panel__title" id="kb-missing">
              Searches with no result
            </h2>
          </div>
          {report.searches_without_result.length === 0 ? (
            <p className="panel__body hint">Every search found something.</p>
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

function Figure({ label, value, note }: { label: string; value: number | string; note?: string }) {
  return (
    <div className="kb-report__figure">
      <dt>{label}</dt>
      <dd>
        {value}
        {note && <small>{note}</small>}
      </dd>
    </div>
  );
}
