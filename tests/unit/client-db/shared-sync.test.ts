import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSharedSync, SYNC_ALIVE_MESSAGE } from '../../../src/client-db/shared-sync';
import type { SyncEvent } from '../../../src/client-db/sync-api';
import { createSyncHub } from '../../../src/workers/engine/sync-hub';

/**
 * A SharedWorker that dies with the tab whose process ran it: the tab sees its lock released,
 * starts a new instance and repeats what the dead one left unanswered. The worker is a sync hub
 * on a real MessageChannel (comlink, as in a browser); its engine and the Web Locks are fakes.
 */
const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

function createLocks() {
  const held = new Map<string, { waiters: (() => void)[] }>();
  return {
    hold(name: string) {
      held.set(name, { waiters: [] });
    },
    release(name: string) {
      const lock = held.get(name);
      held.delete(name);
      for (const waiter of lock?.waiters ?? []) waiter();
    },
    manager: {
      request: (name: string, callback: () => unknown) =>
        new Promise((resolve) => {
          const lock = held.get(name);
          if (lock) lock.waiters.push(() => resolve(callback()));
          else resolve(callback());
        }),
    } as unknown as Pick<LockManager, 'request'>,
  };
}

function setup() {
  const locks = createLocks();
  type Worker = { lock: string; mutations: { input: unknown; clientId: string | undefined }[]; answers: boolean; emit?: (event: SyncEvent) => void; ports: MessagePort[] };
  const workers: Worker[] = [];
  let alive: Worker | null = null;

  function connect(): MessagePort {
    if (!alive) {
      const worker: Worker = { lock: `sync-worker-${workers.length}`, mutations: [], answers: true, ports: [] };
      const hub = createSyncHub({
        createEngine(_slug, _session, emit) {
          worker.emit = emit;
          return {
            start: () => Promise.resolve(),
            stop: () => Promise.resolve(),
            mutate(input, clientId) {
              worker.mutations.push({ input, clientId });
              return worker.answers ? Promise.resolve(worker.mutations.length) : new Promise<number>(() => undefined);
            },
            undoSend: () => Promise.resolve(),
            loadOlderMessages: () => Promise.resolve(),
            setViewing: () => undefined,
          };
        },
        waitForLockRelease: null,
        newSessionId: () => 'session',
        log: () => undefined,
      });
      locks.hold(worker.lock);
      workers.push(worker);
      alive = worker;
      Object.assign(worker, { hub });
    }
    const worker = alive;
    const channel = new MessageChannel();
    ports.push(channel.port1, channel.port2);
    worker.ports.push(channel.port2);
    channel.port2.postMessage({ type: SYNC_ALIVE_MESSAGE, lock: worker.lock });
    expose((worker as unknown as { hub: ReturnType<typeof createSyncHub> }).hub.connect(), channel.port2);
    return channel.port1;
  }

  /** The tab whose process ran the worker crashed: its ports go silent, its lock is released. */
  function kill(): void {
    const worker = alive;
    if (!worker) return;
    alive = null;
    for (const port of worker.ports) port.close();
    locks.release(worker.lock);
  }

  let ids = 0;
  const tab = () => createSharedSync({ connect, locks: locks.manager, newId: () => `mutation-${++ids}`, log: () => undefined });
  return { workers, tab, kill };
}

describe('shared sync when the SharedWorker dies', () => {
  it('a mutation the dead worker took but never answered is made again on a new worker, under the same mutation id', async () => {
    const { workers, tab, kill } = setup();
    const api = tab();
    const seen: SyncEvent[] = [];
    await api.subscribe((event) => seen.push(event));
    await api.attach('acme', 'lock-a');
    workers[0]!.answers = false;
    const sent = api.mutate('acme', { kind: 'read', conversation_id: 5 });
    await vi.waitFor(() => expect(workers[0]!.mutations).toHaveLength(1));
    kill();
    expect(await sent).toBe(1);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.mutations).toEqual(workers[0]!.mutations);
    expect(workers[1]!.mutations[0]?.clientId).toBe('mutation-1');
    // Attached and subscribed again: the new worker's events reach the tab.
    workers[1]!.emit?.({ type: 'mutation-failed', slug: 'acme', text: 'refused' });
    await vi.waitFor(() => expect(seen).toEqual([{ type: 'mutation-failed', slug: 'acme', text: 'refused' }]));
  });
});
