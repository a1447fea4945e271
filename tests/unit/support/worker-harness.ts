import 'fake-indexeddb/auto';
import { afterEach, vi } from 'vitest';
import { openInboxDatabase } from '../../../src/client-db/inbox-database';
import type { InboxDatabase } from '../../../src/client-db/inbox-database';
import type { SyncEvent } from '../../../src/client-db/sync-api';
import type { Conversation, Message } from '../../../src/protocol/documents';
import type { SocketLike } from '../../../src/workers/socket/connection';
import { sampleConversation, sampleMessage } from '../../../src/workers/mutations/sample-documents';
import type { NetworkPort } from '../../../src/workers/socket/network-port';
import { createSyncEngine } from '../../../src/workers/engine/sync-engine';
import type { SyncEngine, SyncEngineDeps } from '../../../src/workers/engine/sync-engine';
import { createFakeClock } from './fake-clock';

/** Fakes for the sync engine's ports: socket, fetch, network, clock. No real network anywhere. */
export class FakeSocket implements SocketLike {
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
  open() {
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  serverClose(code: number, reason = '') {
    this.onclose?.({ code, reason });
  }
  get params() {
    return new URL(this.url).searchParams;
  }
}

export type FetchCall = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** The body as sent, byte for byte. */
  rawBody: string | undefined;
  signal: AbortSignal | null;
  reply(status: number, body?: unknown): void;
  failNetwork(): void;
  settled: boolean;
};

export function createFakeFetch() {
  const calls: FetchCall[] = [];
  let auto: ((call: FetchCall) => void) | null = null;
  const fetch = (url: string, init: RequestInit): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const call: FetchCall = {
        url,
        method: init.method ?? 'GET',
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        rawBody: typeof init.body === 'string' ? init.body : undefined,
        signal: init.signal ?? null,
        settled: false,
        reply(status, body) {
          call.settled = true;
          const text = body === undefined ? null : JSON.stringify(body);
          resolve(new Response(status === 204 ? null : text, { status, headers: { 'content-type': 'application/json' } }));
        },
        failNetwork() {
          call.settled = true;
          reject(new TypeError('Failed to fetch'));
        },
      };
      init.signal?.addEventListener('abort', () => {
        call.settled = true;
        reject(new DOMException('Aborted', 'AbortError'));
      });
      calls.push(call);
      auto?.(call);
    });
  return {
    calls,
    fetch,
    /** Answers every later call with `handler`. */
    autoReply(handler: ((call: FetchCall) => void) | null) {
      auto = handler;
    },
    open: () => calls.filter((call) => !call.settled),
  };
}

export function createFakeNetwork(initiallyOnline = true) {
  let online = initiallyOnline;
  const listeners = new Set<(online: boolean) => void>();
  const port: NetworkPort = {
    isOnline: () => online,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    port,
    set(next: boolean) {
      online = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}

let databaseCounter = 0;

export type Harness = ReturnType<typeof createHarness>;

/** One engine on a fresh database (or on `reuse`'s database, to play a reload). */
export type HarnessOptions = {
  /** Another harness whose database and clock this one takes over (a reload). */
  reuse?: { slug: string; clock: ReturnType<typeof createFakeClock> };
  online?: boolean;
  overrides?: Partial<SyncEngineDeps>;
};

export function createHarness(options: HarnessOptions = {}) {
  const slug = options.reuse?.slug ?? `test-${process.pid}-${++databaseCounter}`;
  const db: InboxDatabase = openInboxDatabase(slug);
  const outboxDb: InboxDatabase = openInboxDatabase(slug, { durability: 'strict' });
  const clock = options.reuse?.clock ?? createFakeClock();
  const sockets: FakeSocket[] = [];
  const http = createFakeFetch();
  const network = createFakeNetwork(options.online ?? true);
  const events: SyncEvent[] = [];
  const engine: SyncEngine = createSyncEngine({
    slug,
    db,
    outboxDb,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    fetch: http.fetch,
    clock,
    network: network.port,
    getToken: () => Promise.resolve('tok'),
    sessionId: 'session-1',
    origin: 'http://inbox.test',
    clientVersion: 'build-1',
    newId: () => crypto.randomUUID(),
    events: (event) => events.push(event),
    log: () => undefined,
    ...options.overrides,
  });
  const socket = () => {
    const last = sockets[sockets.length - 1];
    if (!last) throw new Error('No socket was opened.');
    return last;
  };
  return {
    slug,
    db,
    outboxDb,
    clock,
    sockets,
    socket,
    http,
    network,
    events,
    engine,
    /**
     * Waits until the engine has handled every answered request and has nothing left to write;
     * requests the test has not answered stay out.
     */
    async settle() {
      const unanswered = () => http.calls.filter((call) => !call.settled && call.method !== 'GET').length;
      const caughtUp = () => {
        if (engine.sendsInFlight > unanswered()) throw new Error('answered sends are still settling');
      };
      for (;;) {
        await vi.waitFor(caughtUp, { interval: 2 });
        await engine.idle();
        try {
          caughtUp();
          return;
        } catch {
          // Something new went out while the engine was busy: wait again.
        }
      }
    },
    /** Waits for `predicate` over the fetch calls, letting Dexie and the engine run. */
    async waitForCalls(count: number) {
      await vi.waitFor(() => {
        if (http.calls.length < count) throw new Error(`${http.calls.length} of ${count} calls`);
      }, { interval: 2 });
      return http.calls;
    },
    async close() {
      await engine.stop();
      db.close();
      outboxDb.close();
    },
  };
}

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return sampleConversation(overrides);
}

export function message(overrides: Partial<Message> = {}): Message {
  return sampleMessage(overrides);
}

/** The harnesses of one test file, each closed after the test that made it. */
export type TestHarnesses = {
  /** A harness whose engine has not started (the test starts it, or fails its database first). */
  create: (options?: HarnessOptions) => Harness;
  /** A harness whose engine has started. */
  start: (options?: HarnessOptions) => Promise<Harness>;
  /** Closes a harness now, in the middle of its test (a reload reopens its databases). */
  close: (harness: Harness) => Promise<void>;
};

/**
 * For a test file's top level: `const harnesses = testHarnesses();` makes harnesses with
 * `create` or `start` and closes every one still open after its test.
 */
export function testHarnesses(): TestHarnesses {
  let open: Harness[] = [];
  afterEach(async () => {
    for (const h of open) await h.close();
    open = [];
  });
  const create = (options: HarnessOptions = {}) => {
    const h = createHarness(options);
    open.push(h);
    return h;
  };
  return {
    create,
    start: async (options = {}) => {
      const h = create(options);
      await h.engine.start();
      return h;
    },
    close: async (harness) => {
      open = open.filter((h) => h !== harness);
      await harness.close();
    },
  };
}

/**
 * For a test file's top level: `const started = startedHarnesses();` gives a harness whose engine
 * has started, per call, and closes every one after its test.
 */
export function startedHarnesses(): (options?: HarnessOptions) => Promise<Harness> {
  return testHarnesses().start;
}
