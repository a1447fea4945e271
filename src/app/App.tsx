import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { createBrowserRouter } from 'react-router-dom';
import { ApiContext, ApiFactoryContext } from './api/api-context';
import type { HttpClientFactory } from './api/api-context';
import { clientSessionId } from './api/client-session-id';
import { createHttpClient } from './api/http-client';
import { ToastProvider } from './components/Toasts';
import { ServiceWorkerUpdates } from './pwa/ServiceWorkerUpdates';
import type { AccountStore } from './session/account-store';
import { AccountStoreContext } from './session/account-store-context';
import type { TabSync } from './sync/open-sync-connection';
import { TabSyncContext } from './sync/sync-context';

type AppProps = {
  router: ReturnType<typeof createBrowserRouter>;
  store: AccountStore;
  /** The tab's link to the sync worker, made on first use (sync/open-sync-connection). */
  tabSync: () => Promise<TabSync>;
};

/** The providers every screen relies on, around the router. */
export function App({ router, store, tabSync }: AppProps) {
  const [sessionId] = useState(() => clientSessionId(localStorage));
  const factory = useMemo<HttpClientFactory>(
    () => (slug) =>
      createHttpClient({
        fetch: (input, init) => fetch(input, init),
        sessionId,
        slug,
        getToken: store.token,
        // §4: a 401 ends the session. Forgetting the token is enough: /:domain then sends the
        // user to login (see DomainLayout), and no error is shown.
        onUnauthorized: (ended) => void store.signOut(ended),
      }),
    [sessionId, store],
  );
  const publicClient = useMemo(() => factory(null), [factory]);

  return (
    <AccountStoreContext value={store}>
      <TabSyncContext value={tabSync}>
        <ApiFactoryContext value={factory}>
          <ApiContext value={publicClient}>
            <ToastProvider>
              <ServiceWorkerUpdates />
              <RouterProvider router={router} />
            </ToastProvider>
          </ApiContext>
        </ApiFactoryContext>
      </TabSyncContext>
    </AccountStoreContext>
  );
}
