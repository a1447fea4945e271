/**
 * A screen's code loaded ahead of the navigation that shows it: the inbox's, while the sign-in
 * form is being filled. Its chunks are then in the module map when the sign-in answers, and the
 * router's lazy load of the screen resolves at once, instead of fetching and evaluating them
 * (about 18 files) between the sign-in's answer and the profile's request, which wait for them.
 *
 * Skipped offline and when the browser asks to save data. A failure is nobody's business: the
 * navigation loads the screen again and handles its own failure (chunk-reload.ts);
 * `isWarmingUp` lets the app's `vite:preloadError` listener leave a warm-up's failure alone
 * instead of reloading the page under the agent's typing.
 */
import { SCREEN_ROUTES } from './route-table';

let pending = 0;

export function isWarmingUp(): boolean {
  return pending > 0;
}

type WarmUpHost = {
  navigator: { onLine: boolean; connection?: { saveData?: boolean } };
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
};

/** After this long, the page's own first work (the form's render) is done. */
export const WARM_UP_DELAY_MS = 50;

/** Starts loading `load` shortly; the returned function cancels it if it has not started yet. */
export function warmUpScreen(load: () => Promise<unknown>, host: WarmUpHost = window): () => void {
  if (!host.navigator.onLine || host.navigator.connection?.saveData === true) return () => undefined;
  const timer = host.setTimeout(() => {
    pending += 1;
    load()
      .catch(() => undefined)
      .finally(() => {
        pending -= 1;
      });
  }, WARM_UP_DELAY_MS);
  return () => host.clearTimeout(timer);
}

/**
 * The inbox's code (the `conversations` route's own loader: the same chunks the navigation
 * loads, and no new import edge for the bundler to split the app's chunks differently).
 */
export function warmUpInbox(): () => void {
  const inbox = SCREEN_ROUTES.find((route) => route.path === 'conversations');
  return inbox ? warmUpScreen(inbox.load) : () => undefined;
}
