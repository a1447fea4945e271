import type { PushRegisterBody } from '../../../protocol/notifications/push-requests';

/** Where this browser stands with web push. */
export type PushState =
  | { kind: 'unsupported' }
  | { kind: 'denied' }
  | { kind: 'off' }
  | { kind: 'on'; endpoint: string };

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, once it is active (registered by ServiceWorkerUpdates in production builds). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const found = await navigator.serviceWorker.getRegistration('/');
  return found ? navigator.serviceWorker.ready : null;
}

export async function readPushState(): Promise<PushState> {
  if (!supported()) return { kind: 'unsupported' };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  const worker = await registration();
  if (!worker) return { kind: 'unsupported' };
  const subscription = await worker.pushManager.getSubscription();
  return subscription ? { kind: 'on', endpoint: subscription.endpoint } : { kind: 'off' };
}

/**
 * Asks for permission and subscribes this browser with the server's VAPID key; resolves to what
 * `register` takes. A subscription made with another key (a server whose keys changed) is replaced.
 */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<PushRegisterBody> {
  if (!supported()) throw new Error('This browser cannot receive notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site: allow them in the browser’s site settings.');
  const worker = await registration();
  if (!worker) throw new Error('The app is not installed in this browser yet: reload the page and try again.');
  const key = base64UrlBytes(vapidPublicKey);
  const existing = await worker.pushManager.getSubscription();
  if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
  const subscription = (existing && sameKey(existing.options.applicationServerKey, key) ? existing : null) ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' } };
}

/** Ends this browser's subscription; resolves to its endpoint (to unregister), or null when there was none. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  if (!supported()) return null;
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}
