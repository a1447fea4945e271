/** Whether the browser is online, as a port so that tests can switch it (navigator.onLine). */
export type NetworkPort = {
  isOnline(): boolean;
  /** Calls back on every change; returns a function that stops it. */
  onChange(listener: (online: boolean) => void): () => void;
};

/** Calls back once when the browser is online again; returns a cancel function. */
export function onceOnline(network: NetworkPort, callback: () => void): () => void {
  const stop = network.onChange((online) => {
    if (!online) return;
    stop();
    callback();
  });
  return stop;
}

type OnlineScope = {
  navigator: { onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

/** How often navigator.onLine is read besides the events. */
export const ONLINE_POLL_MS = 1_000;

/**
 * navigator.onLine and its events. A worker's scope does not always get the `online` and
 * `offline` events when the page's does (Chromium's network emulation changes the value without
 * firing them), so the value is also polled: a missed `online` must never leave the outbox waiting.
 */
export function browserNetwork(scope: OnlineScope): NetworkPort {
  return {
    isOnline: () => scope.navigator.onLine,
    onChange(listener) {
      let last = scope.navigator.onLine;
      const report = () => {
        const now = scope.navigator.onLine;
        if (now === last) return;
        last = now;
        listener(now);
      };
      scope.addEventListener('online', report);
      scope.addEventListener('offline', report);
      const poll = scope.setInterval(report, ONLINE_POLL_MS);
      return () => {
        scope.removeEventListener('online', report);
        scope.removeEventListener('offline', report);
        scope.clearInterval(poll);
      };
    },
  };
}
