import type { InboxDatabase } from '../../client-db/inbox-database';
import type { MutationInput } from '../../client-db/outbox-row';
import type { SyncEvent } from '../../client-db/sync-api';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import { isPresenceMessage, presenceEventsOf } from '../../protocol/presence';
import type { ViewState } from '../../protocol/presence';
import { PAINTED_FRAME, writtenFrameText } from '../../protocol/realtime';
import { createApiHttp } from '../socket/api-http';
import type { FetchLike } from '../socket/api-http';
import { failureText } from '../outbox/classify-failure';
import { createConnection } from '../socket/connection';
import type { Clock, SocketLike } from '../socket/connection';
import { createConnectionMeta } from '../socket/connection-meta';
import { createFeedWriter } from '../feed/feed-writer';
import type { FeedEffect, FeedWriter } from '../feed/feed-writer';
import { loadOlderMessages } from '../feed/load-older-messages';
import { newTempId } from './mutation-target';
import { refusedMutationText, requestOf } from '../mutations/mutation-registry';
import { onceOnline } from '../socket/network-port';
import type { NetworkPort } from '../socket/network-port';
import { createPresenceWriter } from '../feed/presence-writer';
import { createOutboxSender } from '../outbox/outbox-sender';
import {
  claimRows,
  enqueueMutation,
  indexOutboxTargets,
  listPendingRows,
  outboxTables,
  requeueRow,
  settleFailure,
  settleRetry,
  settleSuccess,
} from '../outbox/outbox-store';
import { createRemovalTimers } from '../outbox/removal-timers';
import { createEviction } from '../feed/replication-window';
import { createStreamedRequests, StreamedRequestError } from '../feed/streamed-requests';
import { undoSend } from '../outbox/undo-send';
import { mutationRefusal } from './validate-mutation';
import { createViewerReport } from './viewer-report';

/**
 * One organization's sync: the socket (connection.ts) feeding the feed writer, the outbox sender,
 * streamed GETs, and the calls of the SyncApi. Everything with a clock or a port is injected.
 *
 *   created ──start()──▶ running ──stop()──▶ stopped
 *                          │ 401 / 40xx close: 'unauthorized' event, socket and sender halted
 */
export type SyncEngineDeps = {
  slug: string;
  /** The organization's database, for document writes (default durability). */
  db: InboxDatabase;
  /** A second instance of the same database opened with strict durability, for outbox writes. */
  outboxDb?: InboxDatabase;
  createSocket: (url: string) => SocketLike;
  fetch: FetchLike;
  clock: Clock;
  network: NetworkPort;
  getToken: () => Promise<string | null>;
  sessionId: string;
  /** The page origin, e.g. `https://inbox.example.com`. */
  origin: string;
  /** This build's version; a different VERSION from the server raises a 'version' event. */
  clientVersion: string;
  newId: () => string;
  events: (event: SyncEvent) => void;
  log?: (message: string, error: unknown) => void;
  maxDocsPerTransaction?: number;
};

/** Rows one request carries at most, and rows out at once (a few batches in parallel). */
const OUTBOX_BATCH_ROWS = 25;
const OUTBOX_MAX_IN_FLIGHT = 100;

export function createSyncEngine(deps: SyncEngineDeps) {
  const { slug, db, clock } = deps;
  const outboxDb = deps.outboxDb ?? db;
  const log = deps.log ?? ((message: string, error: unknown) => console.error(`[sync ${slug}] ${message}`, error));
  const http = createApiHttp({ fetch: deps.fetch, clock, origin: deps.origin, sessionId: deps.sessionId, getToken: deps.getToken });
  const streams = createStreamedRequests({ clock, newId: deps.newId, timeoutText: ERROR_TEXTS.unexpected });
  const meta = createConnectionMeta(db, clock, (error) => log('could not write the connection state', error));
  const removals = createRemovalTimers({ db, clock, onError: (error) => log('could not drop a removed note', error) });
  const eviction = createEviction({ db, clock, onError: (error) => log('could not evict conversations outside the replication window', error) });
  const announcedVersions = new Set<string>();
  let token: string | null = null;
  let writer: FeedWriter | null = null;
  let started: Promise<void> | null = null;
  let stopped = false;
  let stopNetwork: (() => void) | null = null;

  const newIds = () => ({ clientId: deps.newId(), tempId: newTempId(deps.newId()) });

  let signedOut = false;
  const unauthorized = () => {
    if (signedOut) return;
    signedOut = true;
    deps.events({ type: 'unauthorized', slug });
  };

  /** Counts the sockets opened: a PAINT is answered only on the socket it came on. */
  let socketNumber = 0;
  const connection = createConnection({
    clock,
    url(init) {
      if (!token || stopped) return null;
      const cursor = writer?.cursor ?? null;
      // pace=1: this client answers a bootstrap's documents with WRITTEN; batches=deflate: it takes
      // the bootstrap's rest as deflated binary frames (browser-socket.ts inflates them; protocol/realtime.ts).
      const params = new URLSearchParams({ token, session: deps.sessionId, init: String(init || cursor === null), pace: '1', batches: 'deflate' });
      if (cursor !== null) params.set('cursor', String(cursor));
      // What a tab shows: on a bootstrap the server sends it right after the first screen.
      const open = viewer.current.conversation_id;
      if (open !== null) params.set('open', String(open));
      return `${deps.origin.replace(/^http/, 'ws')}/stream?${params.toString()}`;
    },
    createSocket: deps.createSocket,
    isOnline: () => deps.network.isOnline(),
    onceOnline: (callback) => onceOnline(deps.network, callback),
  });
  // Presence lives as long as a socket: cleared on open (the snapshot follows READY) and on close.
  const presence = createPresenceWriter({ db, clock, onError: (error) => log('could not write presence', error) });
  const viewer = createViewerReport((frame) => {
    if (connection.state !== 'open') return false;
    connection.send(frame);
    return true;
  });
  connection.on('state', (state) => {
    meta.update({ state, ready: false, retry: connection.retry });
    if (state === 'closed') presence.clear();
  });
  connection.on('connected', (retry) => {
    socketNumber += 1;
    meta.update({ retry });
    presence.clear();
    viewer.connected();
    sender.kick();
  });
  connection.on('message', (message) => {
    if (message.action === 'VERSION') announceVersion(message.version);
    else if (isPresenceMessage(message)) presence.apply(presenceEventsOf(message));
    else writer?.push(message, socketNumber);
  });
  connection.on('unauthorized', () => {
    void sender.stop();
    unauthorized();
  });

  // The sender's own writes (claiming rows, settling answers) use the default durability: lost in
  // a crash, a row is only sent again under its mutation id, and the server answers it as before.
  // Only what acknowledges the agent's action (enqueue, undo) waits for the disk (outboxDb).
  const sender = createOutboxSender({
    clock,
    network: deps.network,
    listPending: () => listPendingRows(db),
    claim: (ids) => claimRows(db, ids, clock.now()),
    batch: (work) => db.transaction('rw', outboxTables(db), work),
    send: (row, signal) => http.sendMutation(requestOf(row), row.client_id, signal),
    // Lane heads go together (a queue of many conversations drains in few requests, not one
    // round trip and one of the browser's six connections per row).
    sendBatch: (rows, signal) => http.sendMutations(rows.map((row) => ({ request: requestOf(row), mutationId: row.client_id })), signal),
    batchSize: OUTBOX_BATCH_ROWS,
    maxInFlight: OUTBOX_MAX_IN_FLIGHT,
    async succeed(row, body) {
      const settled = await settleSuccess(db, row, body, clock.now());
      for (const change of settled) deps.events({ type: 'send-settled', slug, ...change });
    },
    retry: (row, sendAt, unsent) => settleRetry(db, row, sendAt, unsent),
    async fail(row, serverText) {
      const text = refusedMutationText(row.args, serverText);
      await settleFailure(db, row, text, clock.now());
      deps.events({ type: 'mutation-failed', slug, text });
    },
    requeue: (row) => requeueRow(db, row),
    onUnauthorized() {
      connection.stop();
      unauthorized();
    },
    onError: (error) => log('the outbox could not be sent', error),
  });

  function announceVersion(version: string | number | undefined): void {
    if (version === undefined) return;
    const text = String(version);
    if (text === deps.clientVersion || announcedVersions.has(text)) return;
    announcedVersions.add(text);
    deps.events({ type: 'version', version: text });
  }

  function onCommitted(effects: FeedEffect[]): void {
    for (const effect of effects) {
      switch (effect.kind) {
        case 'fetched':
          streams.fetched(effect.targetId, effect.count);
          break;
        case 'done':
          streams.done(effect.targetId, effect.document);
          break;
        case 'error': {
          const status = effect.document['status'];
          const text = failureText(effect.document);
          streams.failed(effect.targetId, new StreamedRequestError(text, typeof status === 'number' ? status : null));
          break;
        }
        case 'ready':
          if (connection.state === 'open') meta.update({ ready: true });
          if (effect.windowDays !== null) eviction.schedule(effect.windowDays);
          break;
        case 'settled':
          deps.events({ type: 'send-settled', slug, ...effect.settled });
          break;
      }
    }
  }

  async function start(): Promise<void> {
    const [cursorRow, storedToken] = await Promise.all([db.meta.get('cursor'), deps.getToken()]);
    if (stopped) return;
    token = storedToken;
    writer = createFeedWriter({
      db,
      now: () => clock.now(),
      initialCursor: cursorRow?.key === 'cursor' ? cursorRow.value : null,
      onCommitted,
      // Sent only on the socket whose bootstrap it answers, while open: not queued for a later
      // socket, whose own bootstrap would count it as an answer to its first screen.
      onPainted(socket) {
        if (connection.state === 'open' && socket === socketNumber) connection.send(PAINTED_FRAME);
      },
      // The same: the server paces this socket's bootstrap by it (pace=1 in the stream address above).
      onBootstrapWritten(socket, documents) {
        if (connection.state === 'open' && socket === socketNumber) connection.send(writtenFrameText(documents));
      },
      onWriteFailed(error) {
        log('a feed write failed; reconnecting to replay it', error);
        streams.rejectAll(new Error(ERROR_TEXTS.unexpected));
        connection.interrupt();
      },
      ...(deps.maxDocsPerTransaction === undefined ? {} : { maxDocsPerTransaction: deps.maxDocsPerTransaction }),
    });
    meta.update({ online: deps.network.isOnline() });
    meta.writeNow();
    presence.clear();
    stopNetwork = deps.network.onChange((online) => {
      meta.update({ online });
      if (online) sender.kick();
    });
    await Promise.all([removals.resume(clock.now()), indexOutboxTargets(outboxDb)]);
    if (stopped) return;
    if (!token) {
      unauthorized();
      return;
    }
    connection.start();
    sender.start();
  }

  return {
    slug,
    /** Loads the cursor and token, then opens the socket and starts sending the outbox. */
    start(): Promise<void> {
      started ??= start();
      return started;
    },
    async stop(): Promise<void> {
      stopped = true;
      stopNetwork?.();
      connection.stop();
      writer?.stop();
      removals.stop();
      eviction.stop();
      streams.rejectAll(new Error(ERROR_TEXTS.unexpected));
      await Promise.all([sender.stop(), writer?.idle(), presence.stop()]);
      meta.update({ state: 'closed', ready: false });
      await meta.flush();
      meta.close();
    },
    /** `clientId`: the tab's mutation id (a repeated call finds its row); the engine's own otherwise. */
    async mutate(input: MutationInput, clientId?: string): Promise<number> {
      const refusal = mutationRefusal(input);
      if (refusal !== null) throw new Error(refusal);
      const now = clock.now();
      const ids = clientId === undefined ? newIds() : { clientId, tempId: newTempId(clientId) };
      const id = await enqueueMutation(outboxDb, input, ids, now);
      removals.schedule(input, now);
      sender.kick();
      return id;
    },
    async undoSend(messageId: string): Promise<void> {
      const result = await undoSend(outboxDb, messageId, { now: clock.now(), ids: newIds(), isInFlight: (id) => sender.isInFlight(id) });
      if (result.kind === 'cancelled-locally') deps.events({ type: 'send-settled', slug, message_id: messageId, status: 'CANCELLED' });
      if (result.kind === 'queued') sender.kick();
    },
    loadOlderMessages(conversationId: number): Promise<void> {
      return loadOlderMessages({ db, http, streams, now: () => clock.now() }, conversationId);
    },
    /** A tab's view (§4 viewer presence); null when the tab is gone. */
    setViewing(tab: string, view: ViewState | null): void {
      if (!stopped) viewer.set(tab, view);
    },
    /** Outbox rows whose request is out (diagnostics, tests). */
    get sendsInFlight(): number {
      return sender.inFlightCount;
    },
    /** Resolves once nothing is being written; requests may still be waiting for the network. */
    async idle(): Promise<void> {
      await started;
      await Promise.all([writer?.idle(), sender.idle(), meta.flush()]);
      await Promise.all([writer?.idle(), sender.idle(), removals.idle(), presence.idle(), eviction.idle()]);
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
