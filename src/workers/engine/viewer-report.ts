import { combineViews, NOT_VIEWING, normalizeView, sameView } from '../../protocol/presence';
import type { TimedView, ViewState } from '../../protocol/presence';

/**
 * What this browser tells the server the agent views (§4: one conversation at a time). Each tab
 * reports its own view; the latest report of a conversation wins (a tab reports again when it
 * is focused), and a tab that closes takes its view with it. A `viewing` frame goes out only
 * when the combined view differs from what the current socket last heard; a new socket holds
 * nothing, so `connected()` reports it again.
 */
export type ViewerReport = {
  /** The tab's view; null when the tab is gone. */
  set(tab: string, view: ViewState | null): void;
  /** A socket opened: the server knows nothing of this browser's view yet. */
  connected(): void;
  readonly current: ViewState;
};

/** `send` returns false when no socket is open; the view then goes out on the next connect. */
export function createViewerReport(send: (frame: string) => boolean): ViewerReport {
  const tabs = new Map<string, TimedView>();
  let reports = 0;
  let sent: ViewState = NOT_VIEWING;

  const flush = () => {
    const next = combineViews(tabs.values());
    if (sameView(next, sent)) return;
    if (send(JSON.stringify({ action: 'viewing', ...next }))) sent = next;
  };

  return {
    set(tab, view) {
      if (view === null) tabs.delete(tab);
      else tabs.set(tab, { ...normalizeView(view), at: ++reports });
      flush();
    },
    connected() {
      sent = NOT_VIEWING;
      flush();
    },
    get current() {
      return combineViews(tabs.values());
    },
  };
}
