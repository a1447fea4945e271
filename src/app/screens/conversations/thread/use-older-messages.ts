import { useCallback, useEffect, useRef, useState } from 'react';
import { useSyncActions } from '../../../sync/use-sync-actions';

export type OlderMessages = { loading: boolean; failed: boolean; load: () => void };

/**
 * Pages of older messages (SyncApi.loadOlderMessages). The first visit to a conversation on
 * this device, when no page was loaded yet (`hasMore` undefined), loads its latest page.
 */
export function useOlderMessages(conversationId: number, hasMore: boolean | undefined, known: boolean): OlderMessages {
  const { loadOlderMessages, ready } = useSyncActions();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);

  const load = useCallback(() => {
    if (inFlight.current || !ready) return;
    inFlight.current = true;
    setLoading(true);
    void loadOlderMessages(conversationId).then((ok) => {
      inFlight.current = false;
      setLoading(false);
      setFailed(!ok);
    });
  }, [conversationId, loadOlderMessages, ready]);

  const firstPageAsked = useRef(false);
  useEffect(() => {
    if (!known || hasMore !== undefined || firstPageAsked.current || !ready) return;
    firstPageAsked.current = true;
    load();
  }, [known, hasMore, ready, load]);

  return { loading, failed, load };
}
