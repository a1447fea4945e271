import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { openInboxDatabase } from '../../client-db/inbox-database';
import type { SyncApi } from '../../client-db/sync-api';
import { clientSessionId } from '../api/client-session-id';
import { SyncContext, useTabSync } from './sync-context';
import { useSyncEvents } from './use-sync-events';

/**
 * Attaches this tab to the sync of one organization while it is shown, handles the worker's
 * events for it, and detaches on the way out. Also opens the organization's IndexedDB for the
 * screens' live queries.
 */
export function SyncProvider({ slug, children }: { slug: string; children: ReactNode }) {
  const connect = useTabSync();
  const [db] = useState(() => openInboxDatabase(slug));
  const [api, setApi] = useState<SyncApi | null>(null);
  const onEvent = useSyncEvents(slug);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);

  // Reopening is allowed: StrictMode runs this cleanup once before the real unmount.
  useEffect(() => () => db.close({ disableAutoOpen: false }), [db]);

  useEffect(() => {
    let live = true;
    let leave: () => void = () => undefined;
    connect().then(
      (tab) => {
        if (!live) return;
        const stopListening = tab.listen((event) => onEventRef.current(event));
        // Calls reach the worker in order, so screens may mutate as soon as attach is sent.
        tab.api.attach(slug, tab.tabLock, clientSessionId(localStorage)).catch(warn('attach'));
        setApi(tab.api);
        leave = () => {
          stopListening();
          tab.api.detach(slug, tab.tabLock).catch(warn('detach'));
        };
      },
      warn('connect'),
    );
    return () => {
      live = false;
      setApi(null);
      leave();
    };
  }, [connect, slug]);

  const sync = useMemo(() => ({ slug, db, api }), [slug, db, api]);
  return <SyncContext value={sync}>{children}</SyncContext>;
}

function warn(step: string): (error: unknown) => void {
  return (error) => console.warn(`Sync (${step}):`, error);
}
