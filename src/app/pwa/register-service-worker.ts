import { Workbox } from 'workbox-window';

/** The service worker's URL: vite-plugin-pwa builds src/workers/service-worker/service-worker.ts to it. */
export const SERVICE_WORKER_URL = '/service-worker.js';
const SCOPE = '/';
const UPDATE_CHECK_MS = 60 * 60_000;
/** After a failed first install, the next try waits this long, doubling up to the cap. */
export const INSTALL_RETRY_FIRST_MS = 5_000;
export const INSTALL_RETRY_MAX_MS = 5 * 60_000;

/**
 * Registers the app-shell service worker (production builds only). A new worker activates at
 * once (skipWaiting + clients.claim); this page keeps running its loaded code and is told
 * through `onUpdate`, so it can offer a refresh instead of reloading under the user's hands.
 *
 * A first install that fails (the registration's script or a precached file did not arrive:
 * a flaky network, a server restarting) leaves no worker, and a browser tries again only at a
 * later navigation, so the app would not open offline until the agent reloads it. Instead the
 * page registers again after a pause, doubling up to five minutes, until a worker is active.
 * Returns a stop function.
 */
export function registerServiceWorker(onUpdate: () => void): () => void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return () => undefined;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: SCOPE });
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) onUpdate();
  });
  const retry = installRetry(() => navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SCOPE }));
  workbox.register().then(
    (registration) => {
      if (registration) retry.watch(registration);
    },
    (error: unknown) => {
      console.warn('Service worker registration failed:', error);
      retry.schedule();
    },
  );
  // Support tabs stay open for days: look for a new version now and then, not only on load.
  const timer = setInterval(() => {
    workbox.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
  return () => {
    clearInterval(timer);
    retry.stop();
  };
}

export type InstallRetry = {
  /** Follows the registration's install; registers again if it leaves no worker. */
  watch: (registration: ServiceWorkerRegistration) => void;
  /** Registers again after the current pause. */
  schedule: () => void;
  stop: () => void;
};

/**
 * Registers again, with a growing pause, while the registration has no service worker at all.
 * A try that leaves a worker installing is followed until that worker is active (the retries
 * end) or redundant with none other left (the next try is scheduled).
 */
export function installRetry(register: () => Promise<ServiceWorkerRegistration>): InstallRetry {
  let pause = INSTALL_RETRY_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const schedule = (): void => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      register().then(watch, schedule);
    }, pause);
    pause = Math.min(pause * 2, INSTALL_RETRY_MAX_MS);
  };

  const watch = (registration: ServiceWorkerRegistration): void => {
    if (registration.active) return;
    const worker = registration.installing ?? registration.waiting;
    if (!worker) {
      schedule();
      return;
    }
    const onState = (): void => {
      if (worker.state !== 'redundant') return;
      worker.removeEventListener('statechange', onState);
      watch(registration);
    };
    worker.addEventListener('statechange', onState);
  };

  return {
    watch,
    schedule,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
