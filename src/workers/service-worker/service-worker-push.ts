import {
  groupedBody,
  notificationTag,
  OPEN_CONVERSATION_MESSAGE,
  readPushPayload,
  showsConversation,
  WHICH_PATH_MESSAGE,
  type OpenConversationMessage,
  type ShownNotification,
  type ShownPath,
  type WhichPathMessage,
} from '../../protocol/notifications/push-display';

/** How long a tab has to say which path it shows before its load URL is taken instead. */
const ASK_TIMEOUT_MS = 500;

declare const self: ServiceWorkerGlobalScope;

/**
 * Web push in the service worker: a push (issue 15, encrypted by the server for this browser)
 * becomes a notification naming who, the subject and the first line, one per conversation (a
 * later push of the same conversation replaces it and counts the earlier ones). Nothing is shown
 * while a visible tab shows that conversation. A click focuses a tab of the app and opens the
 * conversation there, or opens a new window on it.
 */
export function listenForPushes(): void {
  self.addEventListener('push', (event) => {
    let data: unknown = null;
    try {
      data = event.data?.json() ?? null;
    } catch {
      data = null;
    }
    event.waitUntil(showPush(data));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const shown = event.notification.data as Partial<ShownNotification> | null;
    if (typeof shown?.url !== 'string') return;
    const opening = openConversation(shown.url);
    // Only the browser's own click may extend the worker's life; a scripted one just runs.
    if (event.isTrusted) event.waitUntil(opening);
  });
}

async function showPush(data: unknown): Promise<void> {
  const payload = readPushPayload(data);
  if (!payload) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = windows.filter((client) => client.visibilityState === 'visible');
  const paths = await Promise.all(visible.map(pathShownBy));
  if (paths.some((path) => showsConversation(new URL(path, self.location.origin).href, payload.url))) return;
  const tag = notificationTag(payload);
  const earlier = (await self.registration.getNotifications({ tag })).reduce((count, shown) => {
    const data = shown.data as Partial<ShownNotification> | null;
    return count + (typeof data?.count === 'number' ? data.count : 1);
  }, 0);
  const shown: ShownNotification = { url: payload.url, count: earlier + 1 };
  await self.registration.showNotification(payload.title, {
    body: groupedBody(payload, earlier),
    tag,
    // A new message of the same conversation alerts again instead of updating silently.
    renotify: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    timestamp: payload.sent_at,
    data: shown,
  } as NotificationOptions);
}

async function openConversation(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const shown = await Promise.all(windows.map(async (client) => ({ client, at: new URL(await pathShownBy(client), self.location.origin) })));
  const exact = shown.find((entry) => showsConversation(entry.at.href, path))?.client;
  const sameOrganization = shown.find((entry) => entry.at.pathname.split('/')[1] === path.split('/')[1])?.client;
  const target = exact ?? sameOrganization ?? windows[0];
  if (!target) {
    await self.clients.openWindow(url);
    return;
  }
  // Focusing needs the click's user activation; without it the tab still opens the conversation.
  const focused = await target.focus().catch(() => target);
  if (!exact) {
    const message: OpenConversationMessage = { type: OPEN_CONVERSATION_MESSAGE, url: path };
    focused.postMessage(message);
  }
}

/** The path a tab shows now: it is asked (NotificationClicks answers); a tab that does not answer in time is taken at its load URL. */
function pathShownBy(client: WindowClient): Promise<string> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(new URL(client.url).pathname), ASK_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<Partial<ShownPath> | null>) => {
      clearTimeout(timer);
      resolve(typeof event.data?.path === 'string' ? event.data.path : new URL(client.url).pathname);
    };
    const ask: WhichPathMessage = { type: WHICH_PATH_MESSAGE };
    client.postMessage(ask, [channel.port2]);
  });
}
