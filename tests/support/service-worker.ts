import type { Page } from 'playwright-core';

/** The page's service worker registration as the page sees it: for a failure's message. */
const registrationState = (page: Page): Promise<string> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration) return 'no registration';
    const state = (worker: ServiceWorker | null) => worker?.state ?? 'none';
    return `installing ${state(registration.installing)}, waiting ${state(registration.waiting)}, active ${state(registration.active)}`;
  });

/**
 * Waits until the app's service worker controls the page (it claims the page once it has
 * precached the shell), so a reload works offline. Fails after `timeoutMs` saying what the
 * registration holds, instead of waiting for a `controllerchange` that may never come.
 */
export async function waitForServiceWorkerControl(page: Page, timeoutMs = 30_000): Promise<void> {
  const controlled = await page
    .waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: timeoutMs, polling: 100 })
    .then(() => true, () => false);
  if (!controlled) throw new Error(`The service worker did not control the page within ${timeoutMs} ms (${await registrationState(page)})`);
}
