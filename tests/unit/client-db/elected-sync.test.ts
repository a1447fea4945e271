import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElectedSync } from '../../../src/client-db/elected-sync';
import type { BusChannel } from '../../../src/client-db/elected-sync';
import type { SyncApi, SyncEvent } from '../../../src/client-db/sync-api';
import { createSyncHub } from '../../../src/workers/engine/sync-hub';
import type { ViewState } from '../../../src/protocol/presence';
import type { EngineHandle } from '../../../src/workers/engine/sync-hub';

/**
 * Tabs without SharedWorker: Web Locks elect one tab to run the engine in a dedicated worker and
 * the others reach it over a BroadcastChannel. Locks, channel and worker are in-memory fakes;
 * the ports are real MessageChannels with comlink, as in a browser.
 */
type Grant = { owner: string; grant: () => void };

function createLocks() {
  const held = new Map<string, string>();
  const queues = new Map<string, Grant[]>();
  const next = (name: string) => queues.get(name)?.shift()?.grant();
  function managerFor(owner: string): Pick<LockManager, 'request'> {
    const request = (name: string, callback: () => unknown) =>
      new Promise((resolve, reject) => {
        const grant = () => {
          held.set(name, owner);
          Promise.resolve(callback()).then((value) => {
            if (held.get(name) === owner) {
              held.delete(name);
              next(name);
            }
            resolve(value);
          }, reject);
        };
        if (held.has(name)) queues.set(name, [...(queues.get(name) ?? []), { owner, grant }]);
        else grant();
      });
    return { request } as unknown as Pick<LockManager, 'request'>;
  }
  /** The owner is gone: its locks go to whoever waits for them. */
  function kill(owner: string) {
    for (const [name, queue] of queues) queues.set(name, queue.filter((entry) => entry.owner !== owner));
    for (const [name, holder] of [...held]) {
      if (holder !== owner) continue;
      held.delete(name);
      next(name);
    }
  }
  return { managerFor, kill };
}

function createBus() {
  const open = new Map<string, ((event: MessageEvent) => void)[]>();
  return {
    channelFor(tab: string): BusChannel {
      open.set(tab, []);
      return {
        postMessage(message) {
          const copy: unknown = structuredClone(message);
          setTimeout(() => {
            for (const [other, listeners] of open) {
              if (other === tab) continue;
              for (const listener of listeners) listener(new MessageEvent('message', { data: copy }));
            }
          }, 0);
        },
        addEventListener(_type, listener) {
          open.get(tab)?.push(listener);
        },
      };
    },
    close(tab: string) {
      open.delete(tab);
    },
  };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setup() {
  const locks = createLocks();
  const bus = createBus();
  type FakeEngine = EngineHandle & {
    calls: unknown[];
    mutationIds: (string | undefined)[];
    views: Map<string, ViewState | null>;
    emit: (event: SyncEvent) => void;
  };
  /** `answers: false`: its tab dies after the worker took a mutation and before the answer got back. */
  const workers: { engines: Map<string, FakeEngine>; answers: boolean }[] = [];

  function startWorker(): Pick<Worker, 'postMessage'> {
    const worker = { engines: new Map<string, FakeEngine>(), answers: true };
    workers.push(worker);
    const hub = createSyncHub({
      createEngine(slug, _session, emit) {
        const calls: unknown[] = [];
        const mutationIds: (string | undefined)[] = [];
        const views = new Map<string, ViewState | null>();
        const engine = {
          calls,
          mutationIds,
          views,
          emit,
          start: () => Promise.resolve(),
          stop: () => Promise.resolve(),
          mutate: (input: unknown, clientId?: string) => {
            calls.push(input);
            mutationIds.push(clientId);
            return worker.answers ? Promise.resolve(calls.length) : new Promise<number>(() => undefined);
          },
          undoSend: () => Promise.resolve(),
          loadOlderMessages: () => Promise.resolve(),
          setViewing: (tabLock: string, view: ViewState | null) => void views.set(tabLock, view),
        };
        worker.engines.set(slug, engine);
        return engine;
      },
      waitForLockRelease: null,
      newSessionId: () => 'worker-session',
      log: () => undefined,
    });
    return {
      postMessage(_message: unknown, transfer?: Transferable[] | StructuredSerializeOptions) {
        const [port] = Array.isArray(transfer) ? transfer : [];
        if (!(port instanceof MessagePort)) throw new Error('expected a port');
        cleanups.push(() => port.close());
        expose(hub.connect(), port);
      },
    };
  }

  function tab(name: string): SyncApi {
    let ids = 0;
    return createElectedSync({
      startWorker,
      locks: locks.managerFor(name),
      channel: bus.channelFor(name),
      leaderLock: 'sync-leader-test',
      // The tab's own id first, then its mutation ids.
      newId: () => (ids++ === 0 ? name : `${name}-mutation-${ids}`),
      log: () => undefined,
    });
  }

  return { locks, bus, workers, tab };
}

describe('elected sync (no SharedWorker)', () => {
  it('one tab runs the worker; another reaches it through the bus, events included', async () => {
    const { workers, tab } = setup();
    const leader = tab('tab-a');
    const follower = tab('tab-b');
    const seen: SyncEvent[] = [];
    await follower.subscribe((event) => seen.push(event));
    await leader.attach('acme', 'lock-a');
    await follower.attach('acme', 'lock-b');
    expect(workers).toHaveLength(1);
    expect(await follower.mutate('acme', { kind: 'read', conversation_id: 1 })).toBe(1);
    expect(await leader.mutate('acme', { kind: 'read', conversation_id: 2 })).toBe(2);
    workers[0]?.engines.get('acme')?.emit({ type: 'mutation-failed', slug: 'acme', text: 'nope' });
    await vi.waitFor(() => expect(seen).toEqual([{ type: 'mutation-failed', slug: 'acme', text: 'nope' }]));
  });

  it('when the leading tab dies, the next tab starts a worker and attaches again', async () => {
    const { locks, bus, workers, tab } = setup();
    const leader = tab('tab-a');
    const follower = tab('tab-b');
    const seen: SyncEvent[] = [];
    await leader.attach('acme', 'lock-a');
    await follower.subscribe((event) => seen.push(event));
    await follower.attach('acme', 'lock-b');
    bus.close('tab-a');
    locks.kill('tab-a');
    await vi.waitFor(() => expect(workers).toHaveLength(2));
    expect(await follower.mutate('acme', { kind: 'read', conversation_id: 3 })).toBe(1);
    expect(workers[1]?.engines.get('acme')?.calls).toEqual([{ kind: 'read', conversation_id: 3 }]);
    workers[1]?.engines.get('acme')?.emit({ type: 'version', version: '9' });
    await vi.waitFor(() => expect(seen).toEqual([{ type: 'version', version: '9' }]));
  });

  it('a mutation the dying leader took but never answered is made again on the new leader, under the same mutation id', async () => {
    const { locks, bus, workers, tab } = setup();
    const leader = tab('tab-a');
    const follower = tab('tab-b');
    await leader.attach('acme', 'lock-a');
    await follower.attach('acme', 'lock-b');
    const first = workers[0];
    if (!first) throw new Error('no worker');
    first.answers = false;
    let answered = false;
    const sent = follower.mutate('acme', { kind: 'tag', conversation_id: 4, name: 'Late' }).then((rowId) => {
      answered = true;
      return rowId;
    });
    await vi.waitFor(() => expect(first.engines.get('acme')?.calls).toHaveLength(1));
    bus.close('tab-a');
    locks.kill('tab-a');
    expect(await sent).toBe(1);
    expect(answered).toBe(true);
    const again = workers[1]?.engines.get('acme');
    expect(again?.calls).toEqual([{ kind: 'tag', conversation_id: 4, name: 'Late' }]);
    expect(again?.mutationIds).toEqual(first.engines.get('acme')?.mutationIds);
    expect(again?.mutationIds[0]).toMatch(/^tab-b-mutation-/);
  });

  it("a follower's view reaches the new leader's worker after the leading tab dies", async () => {
    const { locks, bus, workers, tab } = setup();
    const leader = tab('tab-a');
    const follower = tab('tab-b');
    await leader.attach('acme', 'lock-a');
    await follower.attach('acme', 'lock-b');
    await follower.setViewing('acme', 'lock-b', { conversation_id: 7, typing: true });
    expect(workers[0]?.engines.get('acme')?.views.get('lock-b')).toEqual({ conversation_id: 7, typing: true });
    bus.close('tab-a');
    locks.kill('tab-a');
    await vi.waitFor(() => expect(workers[1]?.engines.get('acme')?.views.get('lock-b')).toEqual({ conversation_id: 7, typing: true }));
  });

  it('calls made before any leader is known wait for one', async () => {
    const { workers, tab } = setup();
    const only = tab('tab-a');
    await only.attach('acme', 'lock-a');
    expect(await only.mutate('acme', { kind: 'read', conversation_id: 1 })).toBe(1);
    expect(workers).toHaveLength(1);
  });
});
