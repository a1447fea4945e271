import { useCallback, useEffect, useState } from 'react';
import { isAbort, toFailure } from '../api/request-failure';
import type { Failure } from '../api/request-failure';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; failure: Failure };

/**
 * Runs `load` (memoise it with useCallback) when it changes and on `reload()`; an answer for a
 * superseded run is dropped through the AbortSignal.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [run, setRun] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => (previous.status === 'loading' ? previous : { status: 'loading' }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbort(error)) setState({ status: 'error', failure: toFailure(error) });
      },
    );
    return () => controller.abort();
  }, [load, run]);

  const reload = useCallback(() => setRun((n) => n + 1), []);
  const setData = useCallback((update: (data: T) => T) => {
    setState((previous) => (previous.status === 'ready' ? { status: 'ready', data: update(previous.data) } : previous));
  }, []);
  return { state, reload, setData };
}
