import { useEffect } from 'react';
import { TOAST_TEXTS } from '../../protocol/error-texts';
import { useToasts } from '../components/Toasts';
import { registerServiceWorker } from './register-service-worker';

/** Registers the service worker and offers a refresh when a new version has taken over. */
export function ServiceWorkerUpdates() {
  const { show } = useToasts();
  useEffect(
    () =>
      registerServiceWorker(() => {
        show({
          key: 'new-version',
          title: TOAST_TEXTS.newVersion.title,
          body: TOAST_TEXTS.newVersion.body,
          persistent: true,
          action: { label: 'Refresh', onAction: () => window.location.reload() },
        });
      }),
    [show],
  );
  return null;
}
