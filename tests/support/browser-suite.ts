import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { ApiClient } from './api-client';
import { assertAppBuilt, launchBrowser, type BrowserKind } from './browser';
import { readMetrics, type Metrics } from './metrics';
import { seedOnServer, signInAsOwner, startSeededServer, type SeededServer } from './seeded-server';
import { startServer, type RunningServer } from './server-process';
import { forgetShared, isKeptForWorker, keepForWorker, sharedOnce, sharingServers } from './shared-servers';

export type BrowserSuite<App extends { server: RunningServer }> = {
  /** What `start` resolved to (the seeded server, the email server, …). */
  readonly app: App;
  /** The running server; restart() replaces it. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A browser context of its own (a device, a teammate's computer) on the server; closed after the test. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** A page in a new context of its own. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /** The server's `/metrics`, parsed. */
  metrics: () => Promise<Metrics>;
  /**
   * Stops the server and starts the production build again on the same port, data and database,
   * with `env` (not the first start's environment): open tabs reconnect to it.
   */
  restart: (env?: Record<string, string>) => Promise<void>;
};

export type AgentPageOptions = {
  /** Who signs in: a member of the seeded organization (they share its password); the owner by default. */
  email?: string;
  /** Wait until the connection status says Live (default); false to go on at the inbox URL. */
  live?: boolean;
  /** Script run in every document of the page before the app's own (Page.addInitScript). */
  init?: () => void;
  /** Options of the page's new context beyond its baseURL (a viewport). */
  context?: BrowserContextOptions;
};

export type SeededBrowserSuite<App extends SeededServer> = BrowserSuite<App> & {
  /** The owner's API client. */
  readonly api: ApiClient;
  readonly seeded: App['seeded'];
  /** A page in a new context of its own, signed in through the login screen. */
  newAgentPage(options?: AgentPageOptions): Promise<Page>;
};

type SeedOptions = Parameters<typeof startSeededServer>[0] & {
  /**
   * A server of this file's own (for restart(), or a test that reads the whole server's state),
   * instead of the production build its worker shares between files with the same `env`.
   */
  ownServer?: boolean;
  /**
   * Full Chromium instead of its headless shell, for what only the desktop browser does: the
   * shell keeps no shown notifications (getNotifications() answers none).
   */
  browser?: BrowserKind;
};

/** The worker's browser of this kind, launched by its first browser file and used by every later one (a fresh context per test). */
async function sharedBrowser(kind: BrowserKind): Promise<Browser> {
  if (!sharingServers) return launchBrowser(kind);
  const key = `browser:${kind}`;
  const browser = await sharedOnce(key, () => launchBrowser(kind));
  if (browser.isConnected()) return browser;
  forgetShared(key);
  return sharedOnce(key, () => launchBrowser(kind));
}

/**
 * Every sign-in of a worker's browser files comes from 127.0.0.1: at the default 20 a minute, a
 * burst of short files, each signing in a few times, left the next file's sign-in answered 429,
 * and its test waited for the inbox in vain (replication-window.test.ts, once). A file that tests
 * the limit starts a server of its own.
 */
const SHARED_SERVER_ENV = { LOGIN_MAX_ATTEMPTS_PER_IP: '10000' };

/** The production build its worker shares between browser files asking for the same environment. */
function sharedBuildServer(env: Record<string, string>): Promise<RunningServer> {
  const key = `build-server:${JSON.stringify(Object.entries(env).sort())}`;
  return sharedOnce(key, async () => keepForWorker(await startServer({ database: 'sqlite', entry: 'build', env: { ...SHARED_SERVER_ENV, ...env } })));
}

/**
 * A server process (from `start`) and Chromium for the test file: the worker's Chromium, and the
 * server `start` gives (one the worker shares, or one of the file's own, stopped after its last
 * test); the contexts a test opens are closed after it, so their sockets and SharedWorkers go too.
 */
export function useBrowserSuite<App extends { server: RunningServer }>(
  start: () => Promise<App>,
  { browser: kind = 'headless-shell' }: { browser?: BrowserKind } = {},
): BrowserSuite<App> {
  let app: App | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    assertAppBuilt();
    const [started, launched] = await Promise.allSettled([start(), sharedBrowser(kind)]);
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    if (!sharingServers) await browser?.close();
    if (app && !isKeptForWorker(app.server)) await app.server.stop();
  });

  const suite: BrowserSuite<App> = {
    get app() {
      if (!app) throw new Error('The server is not started yet (use it inside a test or a later beforeAll)');
      return app;
    },
    get server() {
      return suite.app.server;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not launched yet (use it inside a test)');
      return browser;
    },
    newContext: async (options = {}) => {
      const context = await suite.browser.newContext({ baseURL: suite.server.url, ...options });
      contexts.push(context);
      return context;
    },
    newPage: async (options) => (await suite.newContext(options)).newPage(),
    metrics: () => readMetrics(suite.server.url),
    restart: async (env = {}) => {
      const running = suite.app;
      if (isKeptForWorker(running.server)) throw new Error('restart() needs a server of the file\'s own (ownServer: true)');
      const port = new URL(running.server.url).port;
      await running.server.stop('SIGTERM', { keepData: true });
      running.server = await startServer({ database: 'sqlite', entry: 'build', reuse: running.server, env: { PORT: port, ...env } });
    },
  };
  return suite;
}

/** useBrowserSuite with a seeded organization (or a server `start` seeds, like the email server) and its agents' pages. */
export function useSeededBrowserSuite(seed: SeedOptions): SeededBrowserSuite<SeededServer>;
export function useSeededBrowserSuite<App extends SeededServer>(start: () => Promise<App>): SeededBrowserSuite<App>;
export function useSeededBrowserSuite<App extends SeededServer>(seed: SeedOptions | (() => Promise<App>)): SeededBrowserSuite<App | SeededServer> {
  const base =
    typeof seed === 'function'
      ? useBrowserSuite<App | SeededServer>(seed)
      : useBrowserSuite<App | SeededServer>(() => startSeeded(seed), { browser: seed.browser ?? 'headless-shell' });
  return {
    get app() {
      return base.app;
    },
    get server() {
      return base.server;
    },
    get browser() {
      return base.browser;
    },
    get api() {
      return base.app.api;
    },
    get seeded() {
      return base.app.seeded;
    },
    newContext: base.newContext,
    newPage: base.newPage,
    metrics: base.metrics,
    restart: base.restart,
    async newAgentPage({ email, live = true, init, context }: AgentPageOptions = {}) {
      const page = await base.newPage(context);
      if (init) await page.addInitScript(init);
      const { seeded } = base.app;
      await signInAsOwner(page, { ownerEmail: email ?? seeded.ownerEmail, password: seeded.password, slug: seeded.slug });
      if (live) await waitForConnection(page, 'Live');
      return page;
    },
  };
}

/** The seeded organization on the worker's shared server, or on a server of its own. */
async function startSeeded({ ownServer = false, ...seed }: Omit<SeedOptions, 'browser'>): Promise<SeededServer> {
  if (ownServer || !sharingServers) return startSeededServer(seed);
  return seedOnServer(await sharedBuildServer(seed.env ?? {}), seed);
}

/** Waits until the sidebar's connection status says `status`. */
export async function waitForConnection(page: Page, status: 'Live' | 'Offline'): Promise<void> {
  await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toContain(status);
}
