import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { openInboxDatabase } from '../../client-db/inbox-database';
import type { SyncApi } from '../../client-db/sync-api';
import { clientSessionId } from '../api/client-session-id';
import { addressedView } from './addressed-view';
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
  const [attached] = useState(pendingAttach);
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
        tab.api.attach(slug, tab.tabLock, clientSessionId(localStorage), addressedView(slug, window.location.pathname)).catch(warn('attach'));
        setApi(tab.api);
        attached.resolve(tab.api);
        leave = () => {
          stopListening();
          tab.api.detach(slug, tab.tabLock).catch(warn('detach'));
        };
      },
      (error: unknown) => {
        warn('connect')(error);
        attached.reject(error);
      },
    );
    return () => {
      live = false;
      setApi(null);
      leave();
    };
  }, [connect, slug, attached]);

  const sync = useMemo(() => ({ slug, db, api, attached: attached.promise }), [slug, db, api, attached]);
  return <SyncContext value={sync}>{children}</SyncContext>;
}

type PendingAttach = { promise: Promise<SyncApi>; resolve: (api: SyncApi) => void; reject: (error: unknown) => void };

/** The tab's attachment to come: actions taken before it wait for it (settled once; later calls do nothing). */
function pendingAttach(): PendingAttach {
  let resolve: (api: SyncApi) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<SyncApi>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Nobody may be waiting when it fails: that is no unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

function warn(step: string): (error: unknown) => void {
  return (error) => console.warn(`Sync (${step}):`, error);
}
