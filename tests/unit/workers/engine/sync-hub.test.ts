import { describe, expect, it, vi } from 'vitest';
import type { SyncEvent } from '../../../../src/client-db/sync-api';
import type { ViewState } from '../../../../src/protocol/presence';
import { createSyncHub } from '../../../../src/workers/engine/sync-hub';
import type { EngineHandle } from '../../../../src/workers/engine/sync-hub';

function setup() {
  const locks = new Map<string, () => void>();
  type FakeEngine = {
    slug: string;
    sessionId: string;
    handle: EngineHandle;
    emit: (event: SyncEvent) => void;
    stopped: boolean;
    views: [string, ViewState | null][];
    mutate: ReturnType<typeof vi.fn>;
    undoSend: ReturnType<typeof vi.fn>;
    loadOlderMessages: ReturnType<typeof vi.fn>;
  };
  const engines: FakeEngine[] = [];
  const hub = createSyncHub({
    createEngine(slug, sessionId, emit) {
      const mutate = vi.fn(() => Promise.resolve(1));
      const undoSend = vi.fn(() => Promise.resolve());
      const loadOlderMessages = vi.fn(() => Promise.resolve());
      const entry: FakeEngine = {
        slug,
        sessionId,
        emit,
        stopped: false,
        views: [],
        mutate,
        undoSend,
        loadOlderMessages,
        handle: {
          start: () => Promise.resolve(),
          stop: () => {
            entry.stopped = true;
            return Promise.resolve();
          },
          mutate,
          undoSend,
          loadOlderMessages,
          setViewing: (tabLock, view) => void entry.views.push([tabLock, view]),
        },
      };
      engines.push(entry);
      return entry.handle;
    },
    // The lock is "granted" to the worker when the test says the tab died.
    waitForLockRelease: (name) => new Promise<void>((resolve) => locks.set(name, resolve)),
    newSessionId: () => 'worker-session',
    log: () => undefined,
  });
  return { hub, engines, killTab: (lock: string) => locks.get(lock)?.() };
}

describe('sync hub (one engine per organization with attached tabs)', () => {
  it('starts one engine for the first tab and stops it when the last tab is gone', async () => {
    const { hub, engines, killTab } = setup();
    const tabA = hub.connect();
    const tabB = hub.connect();
    await tabA.attach('acme', 'lock-a', 'session-a');
    await tabB.attach('acme', 'lock-b', 'session-b');
    expect(engines).toHaveLength(1);
    expect(engines[0]?.sessionId).toBe('session-a');
    killTab('lock-a');
    await Promise.resolve();
    expect(engines[0]?.stopped).toBe(false);
    await tabB.detach('acme', 'lock-b');
    await vi.waitFor(() => expect(engines[0]?.stopped).toBe(true));
    expect(hub.attached).toEqual([]);
    await expect(tabB.mutate('acme', { kind: 'read', conversation_id: 1 })).rejects.toThrow();
  });

  it('a dead tab never keeps the socket: its released lock detaches it', async () => {
    const { hub, engines, killTab } = setup();
    await hub.connect().attach('acme', 'lock-a');
    expect(engines[0]?.sessionId).toBe('worker-session');
    killTab('lock-a');
    await vi.waitFor(() => expect(engines[0]?.stopped).toBe(true));
  });

  it('sends events to the tabs attached to that organization', async () => {
    const { hub, engines } = setup();
    const tabA = hub.connect();
    const tabB = hub.connect();
    const seenA: SyncEvent[] = [];
    const seenB: SyncEvent[] = [];
    await tabA.subscribe((event) => seenA.push(event));
    await tabB.subscribe((event) => seenB.push(event));
    await tabA.attach('acme', 'lock-a');
    await tabB.attach('globex', 'lock-b');
    engines[0]?.emit({ type: 'mutation-failed', slug: 'acme', text: 'nope' });
    engines[1]?.emit({ type: 'version', version: '2' });
    expect(seenA).toEqual([{ type: 'mutation-failed', slug: 'acme', text: 'nope' }, { type: 'version', version: '2' }]);
    expect(seenB).toEqual([{ type: 'version', version: '2' }]);
  });

  it('routes calls to the organization engine', async () => {
    const { hub, engines } = setup();
    const tab = hub.connect();
    await tab.attach('acme', 'lock-a');
    await tab.mutate('acme', { kind: 'read', conversation_id: 3 });
    await tab.undoSend('acme', 'm-1');
    await tab.loadOlderMessages('acme', 3);
    expect(engines[0]?.mutate).toHaveBeenCalledWith({ kind: 'read', conversation_id: 3 }, undefined);
    expect(engines[0]?.undoSend).toHaveBeenCalledWith('m-1');
    expect(engines[0]?.loadOlderMessages).toHaveBeenCalledWith(3);
  });

  it("passes a tab's view to its engine, forgets it when the tab dies, and ignores tabs that are not attached", async () => {
    const { hub, engines, killTab } = setup();
    const tabA = hub.connect();
    const tabB = hub.connect();
    await tabA.attach('acme', 'lock-a');
    await tabB.attach('acme', 'lock-b');
    await tabA.setViewing('acme', 'lock-a', { conversation_id: 4, typing: false });
    await tabB.setViewing('acme', 'lock-x', { conversation_id: 9, typing: true });
    await tabB.setViewing('globex', 'lock-b', { conversation_id: 9, typing: true });
    killTab('lock-a');
    await vi.waitFor(() => expect(engines[0]?.views).toEqual([
      ['lock-a', { conversation_id: 4, typing: false }],
      ['lock-a', null],
    ]));
  });
});

describe('sync hub restarts', () => {
  it('starts a new engine of an organization only after the previous one has stopped', async () => {
    const order: string[] = [];
    let finishStop: () => void = () => undefined;
    let count = 0;
    const hub = createSyncHub({
      createEngine() {
        const n = ++count;
        return {
          start: () => {
            order.push(`start ${n}`);
            return Promise.resolve();
          },
          stop: () => {
            order.push(`stopping ${n}`);
            return new Promise<void>((resolve) => {
              finishStop = () => {
                order.push(`stopped ${n}`);
                resolve();
              };
            });
          },
          mutate: () => Promise.resolve(1),
          undoSend: () => Promise.resolve(),
          loadOlderMessages: () => Promise.resolve(),
          setViewing: () => undefined,
        };
      },
      waitForLockRelease: null,
      newSessionId: () => 's',
      log: () => undefined,
    });
    const tab = hub.connect();
    await tab.attach('acme', 'lock-a');
    await tab.detach('acme', 'lock-a');
    const reattached = tab.attach('acme', 'lock-b');
    await vi.waitFor(() => expect(order).toContain('stopping 1'));
    expect(order).not.toContain('start 2');
    finishStop();
    await reattached;
    expect(order).toEqual(['start 1', 'stopping 1', 'stopped 1', 'start 2']);
  });
});
