import type { ReactNode } from 'react';
import { failureText } from '../../api/failure-text';
import type { Failure } from '../../api/request-failure';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import type { LoadState } from '../../hooks/use-load';
import { useBrowserOnline } from '../../sync/use-connection';

export const REPORTS_NEED_SERVER = 'Reports need a connection to the server';

/**
 * A report's figures: the server computes them (the device holds only the replication window, so
 * figures from it would not be the team's). Offline, or when the request fails for the network,
 * it says so with a retry.
 */
export function ReportLoadable<T>({ state, retry, children }: { state: LoadState<T>; retry: () => void; children: (data: T) => ReactNode }) {
  const online = useBrowserOnline();
  const offline = !online || (state.status === 'error' && state.failure.kind === 'network');
  if (offline) {
    return (
      <Alert tone="info">
        {REPORTS_NEED_SERVER}: the server computes them over all your conversations.{' '}
        <Button size="small" onClick={retry}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (state.status === 'ready') return children(state.data);
  if (state.status === 'loading') return <Spinner label="Loading the report" />;
  return (
    <Alert tone="error">
      {failedText(state.failure)}{' '}
      <Button size="small" onClick={retry}>
        Try again
      </Button>
    </Alert>
  );
}

const failedText = (failure: Failure) => failureText(failure)?.message ?? '';
