import { useEffect, useRef, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { FullPageSpinner } from '../layout/FullPageSpinner';
import { ChunkLoadError, reloadOnceAfterChunkError } from './chunk-reload';

/**
 * What a screen that failed to load or crashed shows instead of a blank page. A screen whose
 * script did not load reloads the page once first (§2); this runs at the screen's URL.
 */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError;
  const [reloading, setReloading] = useState(chunkFailed);
  const attempted = useRef(false);

  useEffect(() => {
    if (!chunkFailed || attempted.current) return;
    attempted.current = true;
    if (!reloadOnceAfterChunkError(sessionStorage, () => window.location.reload())) setReloading(false);
  }, [chunkFailed]);

  if (reloading) return <FullPageSpinner label="Updating the app" />;
  const title = chunkFailed ? 'This page could not be loaded' : 'Something went wrong';
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkFailed
      ? 'A part of the app did not download. Check your connection, then reload.'
      : 'An unexpected error occurred. Reloading the page usually fixes it.';
  return (
    <main className="centered" style={{ minHeight: '100vh' }}>
      <EmptyState
        icon="alert"
        title={title}
        actions={
          <>
            <Button variant="primary" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <a className="btn btn--ghost" href="/">
              Go to the start
            </a>
          </>
        }
      >
        {detail}
      </EmptyState>
    </main>
  );
}
