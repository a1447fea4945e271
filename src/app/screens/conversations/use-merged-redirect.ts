import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../api/api-context';
import { RequestFailure } from '../../api/request-failure';

/**
 * For a conversation this device does not hold: asks the server, and when it was merged into
 * another (`404 {merged_into}`) opens that one in its place. True while the answer is awaited.
 */
export function useMergedRedirect(id: number, enabled: boolean, rowPath: (id: number) => string): boolean {
  const api = useApi();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(enabled);
  // The caller's path builder may be a new function each render: only the id asks again.
  const pathOf = useRef(rowPath);
  pathOf.current = rowPath;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setAsking(true);
    api
      .get(`conversations/${id}`, controller.signal)
      .catch((error: unknown) => {
        const failure = error instanceof RequestFailure ? error.failure : null;
        const body = failure?.kind === 'http' && failure.status === 404 ? failure.body : null;
        const into = typeof body === 'object' && body !== null && 'merged_into' in body ? body.merged_into : null;
        if (typeof into === 'number' && into > 0) void navigate(pathOf.current(into), { replace: true });
      })
      .finally(() => {
        if (!controller.signal.aborted) setAsking(false);
      });
    return () => controller.abort();
  }, [api, id, enabled, navigate]);
  return enabled && asking;
}
