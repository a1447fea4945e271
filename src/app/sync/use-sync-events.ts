import { useCallback } from 'react';
import type { SyncEvent } from '../../client-db/sync-api';
import { TOAST_TEXTS } from '../../protocol/error-texts';
import { useToasts } from '../components/Toasts';
import { newVersionToast } from '../pwa/new-version-toast';
import { useAccountStore } from '../session/account-store-context';

/** What the tab does with the worker's events for the organization `slug`. */
export function useSyncEvents(slug: string): (event: SyncEvent) => void {
  const { show } = useToasts();
  const store = useAccountStore();
  return useCallback(
    (event: SyncEvent) => {
      switch (event.type) {
        case 'version':
          show(newVersionToast);
          return;
        case 'unauthorized':
          if (event.slug !== slug) return;
          // §4: like a 401, forgetting the token ends the session; DomainLayout goes to login.
          show({ key: 'disconnected', tone: 'error', ...TOAST_TEXTS.disconnected });
          void store.signOut(slug);
          return;
        case 'mutation-failed':
          if (event.slug === slug) show({ tone: 'error', title: event.text });
          return;
        case 'send-settled':
          // The thread follows the message's status in IndexedDB; nothing to do here.
          return;
      }
    },
    [show, store, slug],
  );
}
