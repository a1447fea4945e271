import { Workbox } from 'workbox-window';

/** The service worker's URL: vite-plugin-pwa builds src/workers/service-worker.ts to it. */
export const SERVICE_WORKER_URL = '/service-worker.js';
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the app-shell service worker (production builds only). A new worker activates at
 * once (skipWaiting + clients.claim); this page keeps running its loaded code and is told
 * through `onUpdate`, so it can offer a refresh instead of reloading under the user's hands.
 * Returns a stop function.
 */
export function registerServiceWorker(onUpdate: () => void): () => void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return () => undefined;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) onUpdate();
  });
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed:', error));
  // Support tabs stay open for days: look for a new version now and then, not only on load.
  const timer = setInterval(() => {
    workbox.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
  return () => clearInterval(timer);
}
