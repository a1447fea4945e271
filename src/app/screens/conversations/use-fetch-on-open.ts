import { useEffect, useState } from 'react';
import { useSyncActions } from '../../sync/use-sync-actions';

/**
 * A conversation this device does not hold (outside the replication window, or reached by a link
 * or a search result): the worker fetches it with its latest messages and keeps it, offline too.
 * True while that is under way.
 */
export function useFetchOnOpen(id: number, enabled: boolean): boolean {
  const { loadOlderMessages, ready } = useSyncActions();
  const [fetching, setFetching] = useState(false);
  useEffect(() => {
    if (!enabled || !ready) return;
    let current = true;
    setFetching(true);
    void loadOlderMessages(id).finally(() => {
      if (current) setFetching(false);
    });
    return () => {
      current = false;
    };
  }, [id, enabled, ready, loadOlderMessages]);
  return enabled && fetching;
}
