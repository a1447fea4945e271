/**
 * The app-shell service worker (built by vite-plugin-pwa's injectManifest into
 * /service-worker.js). It precaches the build into a cache named after the build's manifest,
 * answers app navigations with the cached index.html so the app opens offline, and leaves the
 * API, the realtime socket and other server paths to the network.
 *
 * Updates: a changed build changes this file (the manifest is inlined), so the browser installs
 * the new worker on its next update check; it takes over at once (skipWaiting + clients.claim)
 * and deletes the old caches. Open pages keep the code they already run and are told through
 * workbox-window; the next load uses the new precache. Nothing here reloads a page, so there is
 * no reload loop.
 */
import { listenForPushes } from './service-worker-push';

type PrecacheEntry = { url: string; revision: string | null };

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const CACHE_PREFIX = 'support-inbox-shell-';
const SHELL_PATH = '/index.html';
/** How many files the first install fetches at once. */
const PRECACHE_CONCURRENCY = 3;
/** Server paths that are never the single-page app (docs/architecture.md "Server"). */
const SERVER_PATHS = ['/api', '/stream', '/ping', '/metrics', '/widget.js', '/widget', '/help'];

const entries = self.__WB_MANIFEST.map((entry) => (typeof entry === 'string' ? { url: entry, revision: null } : entry));
const cacheName = CACHE_PREFIX + fingerprint(entries);
/** What the install fetches: a file whose name is hashed (no revision) never changes. */
const precacheList = entries.map((entry) => ({ url: new URL(entry.url, self.location.href).href, versioned: entry.revision === null }));
const precachedUrls = new Set(precacheList.map((entry) => entry.url));
const shellUrl = new URL(SHELL_PATH, self.location.href).href;

listenForPushes();

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(deleteOldCaches().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (isAppNavigation(url.pathname)) event.respondWith(serveShell(request));
    return;
  }
  if (precachedUrls.has(url.origin + url.pathname)) event.respondWith(cacheFirst(request, url.origin + url.pathname));
});

/**
 * Fills the precache a few files at a time, at low priority: the first install runs while the
 * first sign-in's bootstrap streams and is written, and 83 files fetched at once took the CPU
 * the page needed to paint its first screen. A file with a hashed name never changes, so the
 * copy the page already loaded is taken from the HTTP cache; any other (index.html, icons) is
 * revalidated, so a stale one never ends up in a new precache. A failed install is tried again
 * by the browser later; what it had put is overwritten then, or deleted with the old caches.
 */
async function precache(): Promise<void> {
  const cache = await caches.open(cacheName);
  const queue = [...precacheList];
  const fill = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const response = await fetch(new Request(next.url, { cache: next.versioned ? 'default' : 'no-cache', priority: 'low' }));
      if (!response.ok) throw new Error(`Precaching ${next.url} failed: ${response.status}`);
      await cache.put(next.url, response);
    }
  };
  await Promise.all(Array.from({ length: PRECACHE_CONCURRENCY }, fill));
}

async function deleteOldCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName).map((name) => caches.delete(name)));
}

/** Every path of the app is index.html; a path with a file extension is a file, not a screen. */
function isAppNavigation(pathname: string): boolean {
  if (SERVER_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

async function serveShell(request: Request): Promise<Response> {
  const cached = await caches.match(shellUrl, { cacheName });
  if (cached) return cached;
  return fetch(request);
}

async function cacheFirst(request: Request, key: string): Promise<Response> {
  const cached = await caches.match(key, { cacheName });
  return cached ?? fetch(request);
}

/** A short stable hash of the precache list: a new build gets a new cache name. */
function fingerprint(list: PrecacheEntry[]): string {
  let hash = 2166136261;
  for (const { url, revision } of list) {
    for (const char of `${url}@${revision ?? ''};`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 16777619) >>> 0;
    }
  }
  return hash.toString(36);
}

