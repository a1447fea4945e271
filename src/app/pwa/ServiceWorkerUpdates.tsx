import { useEffect } from 'react';
import { useToasts } from '../components/Toasts';
import { newVersionToast } from './new-version-toast';
import { registerServiceWorker } from './register-service-worker';

/** Registers the service worker and offers a refresh when a new version has taken over. */
export function ServiceWorkerUpdates() {
  const { show } = useToasts();
  useEffect(
    () =>
      registerServiceWorker(() => {
        show(newVersionToast);
      }),
    [show],
  );
  return null;
}
