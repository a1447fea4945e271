import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiPaths } from '../../../protocol/api/routes';
import type { InboxReport } from '../../../protocol/api/reporting-requests';
import { useApi } from '../../api/api-context';
import { Spinner } from '../../components/Spinner';
import { useLoad } from '../../hooks/use-load';
import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';
import { ExportButton } from './ExportButton';
import { InboxReportBody } from './InboxReportBody';
import { InboxReportFilters } from './InboxReportFilters';
import { RangePicker } from './RangePicker';
import { ReportLoadable } from './ReportLoadable';
import { drillDownQuery, filtersFromParams, inboxQueryPath, reportParams } from './report-filters';
import type { Narrowing, ReportFilters } from './report-filters';
import { rangeFromParams, todayIn } from './report-range';
import type { ReportRange } from './report-range';
import { useReportZone } from './use-report-zone';
import './reporting.css';

/** `reporting/inbox` (§2, §6 `organization.reporting`): volume, speed, load and when customers write. */
export default function ReportingInboxScreen() {
  const zone = useReportZone();
  return (
    <div className="page page--wide report-page">
      {zone === undefined ? <Spinner label="Loading the report" /> : <InboxReportScreen zone={zone.zone} hasHours={zone.hasHours} />}
    </div>
  );
}

function InboxReportScreen({ zone, hasHours }: { zone: string; hasHours: boolean }) {
  const api = useApi();
  const { slug } = useSignedIn();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const today = todayIn(zone);
  const range = rangeFromParams(params, today);
  const filters = filtersFromParams(params);
  const query = reportParams(range, { ...filters, businessHours: filters.businessHours && hasHours }).toString();
  const load = useCallback((signal: AbortSignal) => api.get<InboxReport>(`${apiPaths.inboxReport}?${query}`, signal), [api, query]);
  const { state, reload } = useLoad(load);

  const update = (nextRange: ReportRange, nextFilters: ReportFilters) => setParams(reportParams(nextRange, nextFilters), { replace: true });
  const drill = useMemo(
    () => ({
      href: (narrowing?: Narrowing) => inboxQueryPath(slug, drillDownQuery(range, filters, narrowing)),
      open: (narrowing?: Narrowing) => void navigate(inboxQueryPath(slug, drillDownQuery(range, filters, narrowing))),
    }),
    // The range and filters are read from `query`, which holds them all.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [slug, navigate, query],
  );

  return (
    <>
      <PageHeader
        title="Inbox report"
        description="Volume, speed and load, compared with the period before."
        actions={<ExportButton path={`${apiPaths.inboxReportExport}?${query}`} fileName={`inbox-report-${range.from}-${range.to}.csv`} />}
      />
      <div className="report-toolbar">
        <RangePicker range={range} today={today} zone={zone} onChange={(next) => update(next, filters)} />
        <InboxReportFilters filters={filters} hasHours={hasHours} onChange={(next) => update(range, next)} />
      </div>
      <ReportLoadable state={state} retry={reload}>
        {(report) => <InboxReportBody report={report} drill={drill} />}
      </ReportLoadable>
    </>
  );
}
