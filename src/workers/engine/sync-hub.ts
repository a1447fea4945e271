import type { MutationInput } from '../../client-db/outbox-row';
import type { SyncApi, SyncEvent } from '../../client-db/sync-api';
import type { ViewState } from '../../protocol/presence';

/**
 * The worker's side of the SyncApi: which tabs are attached to which organization, one engine
 * per organization with attached tabs, and the events sent back to each tab's port.
 *
 * Each tab holds a uniquely named Web Lock while it lives; the hub asks for that lock, and is
 * granted it only once the tab is gone, which detaches the tab. When the last tab of an
 * organization detaches, its engine stops (and with it the socket).
 */
export type EngineHandle = {
  start(): Promise<void>;
  stop(): Promise<void>;
  mutate(input: MutationInput, clientId?: string): Promise<number>;
  undoSend(messageId: string): Promise<void>;
  loadOlderMessages(conversationId: number): Promise<void>;
  /** A tab's view (§4 viewer presence); null when the tab is gone. */
  setViewing(tabLock: string, view: ViewState | null): void;
};

export type SyncHubDeps = {
  createEngine: (slug: string, sessionId: string, events: (event: SyncEvent) => void) => EngineHandle;
  /** Resolves when the worker is granted the named lock (its tab is gone); null without Web Locks. */
  waitForLockRelease: ((name: string) => Promise<void>) | null;
  newSessionId: () => string;
  log: (message: string, error: unknown) => void;
};

type Listener = (event: SyncEvent) => unknown;
type Port = { listeners: Set<Listener>; attachments: Set<string> };
type Organization = { engine: EngineHandle; tabs: Set<string>; started: Promise<void> };

const attachmentKey = (slug: string, tabLock: string) => `${slug}\n${tabLock}`;

export function createSyncHub(deps: SyncHubDeps) {
  const organizations = new Map<string, Organization>();
  /** Engines still stopping: a new engine of the same organization starts after its stop. */
  const stopping = new Map<string, Promise<void>>();
  const ports = new Set<Port>();
  const watchedLocks = new Set<string>();
  const fallbackSessionId = deps.newSessionId();

  function dispatch(slug: string, event: SyncEvent): void {
    for (const port of ports) {
      const interested = event.type === 'version' || [...port.attachments].some((key) => key.startsWith(`${slug}\n`));
      if (!interested) continue;
      for (const listener of port.listeners) {
        try {
          const result = listener(event);
          // A comlink proxy answers with a promise; a closed tab never answers at all.
          if (result instanceof Promise) result.catch(() => undefined);
        } catch (error) {
          deps.log('a tab listener failed', error);
        }
      }
    }
  }

  function watch(tabLock: string): void {
    if (!deps.waitForLockRelease || watchedLocks.has(tabLock)) return;
    watchedLocks.add(tabLock);
    deps.waitForLockRelease(tabLock).then(
      () => tabGone(tabLock),
      (error: unknown) => deps.log(`could not watch the tab lock ${tabLock}`, error),
    );
  }

  function tabGone(tabLock: string): void {
    watchedLocks.delete(tabLock);
    for (const [slug, organization] of [...organizations]) {
      if (organization.tabs.has(tabLock)) detachTab(slug, tabLock);
    }
    for (const port of [...ports]) {
      for (const key of [...port.attachments]) if (key.endsWith(`\n${tabLock}`)) port.attachments.delete(key);
      if (port.attachments.size === 0) ports.delete(port);
    }
  }

  function detachTab(slug: string, tabLock: string): void {
    const organization = organizations.get(slug);
    if (!organization) return;
    organization.tabs.delete(tabLock);
    organization.engine.setViewing(tabLock, null);
    if (organization.tabs.size > 0) return;
    organizations.delete(slug);
    const stopped = organization.started
      .catch(() => undefined)
      .then(() => organization.engine.stop())
      .catch((error: unknown) => deps.log(`could not stop the sync of ${slug}`, error))
      .finally(() => {
        if (stopping.get(slug) === stopped) stopping.delete(slug);
      });
    stopping.set(slug, stopped);
  }

  function engineOf(slug: string): EngineHandle {
    const organization = organizations.get(slug);
    if (!organization) throw new Error(`No tab is attached to ${slug}.`);
    return organization.engine;
  }

  return {
    /** The SyncApi for one port (one tab). */
    connect(): SyncApi {
      const port: Port = { listeners: new Set(), attachments: new Set() };
      ports.add(port);
      return {
        async attach(slug, tabLock, sessionId, view) {
          port.attachments.add(attachmentKey(slug, tabLock));
          ports.add(port);
          let organization = organizations.get(slug);
          if (!organization) {
            const engine = deps.createEngine(slug, sessionId ?? fallbackSessionId, (event) => dispatch(slug, event));
            const previous = stopping.get(slug) ?? Promise.resolve();
            organization = { engine, tabs: new Set(), started: previous.then(() => engine.start()) };
            organizations.set(slug, organization);
          }
          organization.tabs.add(tabLock);
          // Before the engine's start opens the socket: its bootstrap sends this conversation early.
          if (view) organization.engine.setViewing(tabLock, view);
          watch(tabLock);
          try {
            await organization.started;
          } catch (error) {
            if (organizations.get(slug) === organization) organizations.delete(slug);
            throw error;
          }
        },
        detach(slug, tabLock) {
          port.attachments.delete(attachmentKey(slug, tabLock));
          detachTab(slug, tabLock);
          return Promise.resolve();
        },
        mutate: async (slug, mutation, clientId) => engineOf(slug).mutate(mutation, clientId),
        undoSend: async (slug, messageId) => engineOf(slug).undoSend(messageId),
        loadOlderMessages: async (slug, conversationId) => engineOf(slug).loadOlderMessages(conversationId),
        setViewing(slug, tabLock, view) {
          // A tab that is not attached (any more) views nothing.
          const organization = organizations.get(slug);
          if (organization?.tabs.has(tabLock)) organization.engine.setViewing(tabLock, view);
          return Promise.resolve();
        },
        subscribe(listener) {
          port.listeners.add(listener);
          return Promise.resolve();
        },
      };
    },
    /** Organizations with a running engine (tests, diagnostics). */
    get attached(): string[] {
      return [...organizations.keys()];
    },
  };
}

export type SyncHub = ReturnType<typeof createSyncHub>;
