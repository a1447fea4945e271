import {
  PING_AFTER_SILENCE_MS,
  PING_TIMEOUT_MS,
  RECONNECT_CAP_MS,
  RECONNECT_STEP_MS,
} from '../../protocol/constants';
import { CLOSE_CODES, isAuthFailureReason, parseServerMessage, PING, PONG } from '../../protocol/realtime';
import type { ServerMessage } from '../../protocol/realtime';

/**
 * The realtime connection (§4): one socket, reconnecting with a growing delay, pinging on silence.
 *
 *   closed ──start()──▶ connecting ──open──▶ open ──stop()──▶ closing ──▶ closed
 *     ▲                    │                  │
 *     └── retry timer ◀────┴──── close ◀──────┘   (not after 1000, a deliberate stop, or a 40xx reason)
 *
 * Everything with a clock or a port comes in through the delegate, so tests drive it with a
 * fake clock and a fake socket.
 */
export type ConnectionState = 'closed' | 'connecting' | 'open' | 'closing';

export type SocketLike = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: (() => void) | null;
};

export type Clock = {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type ConnectionDelegate = {
  clock: Clock;
  /** The socket URL for this attempt, or null when there is no token to connect with. */
  url(init: boolean): string | null;
  createSocket(url: string): SocketLike;
  isOnline(): boolean;
  /** Calls back once when the browser is online again; returns a cancel function. */
  onceOnline(callback: () => void): () => void;
};

export type ConnectionEvents = {
  state: (state: ConnectionState) => void;
  connected: (retry: number) => void;
  message: (message: ServerMessage) => void;
  /** A close with a 40xx reason: the token is no longer valid. */
  unauthorized: () => void;
};

/** The code of a socket dropped by the client for a local reason (a failed write): it reconnects. */
export const LOCAL_FAILURE_CLOSE_CODE = 3000;

/** How often silence is checked; pings and timeouts are exact to within this. */
export const SILENCE_CHECK_MS = 1_000;

export function reconnectDelay(retry: number): number {
  return Math.min(RECONNECT_STEP_MS * retry, RECONNECT_CAP_MS);
}

export function createConnection(delegate: ConnectionDelegate) {
  const { clock } = delegate;
  const listeners: { [K in keyof ConnectionEvents]: Set<ConnectionEvents[K]> } = {
    state: new Set(),
    connected: new Set(),
    message: new Set(),
    unauthorized: new Set(),
  };
  let state: ConnectionState = 'closed';
  let socket: SocketLike | null = null;
  let retry = 0;
  let wanted = false;
  let everOpened = false;
  let lastReceivedAt = -Infinity;
  let lastPingAt = -Infinity;
  let queue: string[] = [];
  let retryTimer: unknown = null;
  let silenceTimer: unknown = null;
  let cancelOnline: (() => void) | null = null;

  function emit<K extends keyof ConnectionEvents>(event: K, ...args: Parameters<ConnectionEvents[K]>): void {
    for (const listener of listeners[event]) (listener as (...a: Parameters<ConnectionEvents[K]>) => void)(...args);
  }

  function setState(next: ConnectionState): void {
    if (state === next) return;
    state = next;
    emit('state', next);
  }

  function clearTimers(): void {
    if (retryTimer !== null) clock.clearTimeout(retryTimer);
    if (silenceTimer !== null) clock.clearTimeout(silenceTimer);
    cancelOnline?.();
    retryTimer = silenceTimer = cancelOnline = null;
  }

  function connect(): void {
    clearTimers();
    // §7: init=true on a first connect or after 30 s of silence (the server then re-sends READY state).
    const init = !everOpened || clock.now() - lastReceivedAt >= PING_TIMEOUT_MS;
    const url = delegate.url(init);
    if (url === null) {
      setState('closed');
      return;
    }
    setState('connecting');
    const next = delegate.createSocket(url);
    socket = next;
    next.onopen = () => onOpen(next);
    next.onmessage = (event) => onMessage(next, event.data);
    next.onclose = (event) => onClose(next, event.code, event.reason);
    next.onerror = () => undefined;
  }

  function onOpen(from: SocketLike): void {
    if (from !== socket) return;
    everOpened = true;
    lastReceivedAt = clock.now();
    setState('open');
    const pending = queue;
    queue = [];
    for (const data of pending) if (!send(data)) break;
    emit('connected', retry);
    retry = 0;
    scheduleSilenceCheck();
  }

  function onMessage(from: SocketLike, data: unknown): void {
    if (from !== socket) return;
    lastReceivedAt = clock.now();
    if (data === PONG || typeof data !== 'string') return;
    const message = parseServerMessage(data);
    if (message) emit('message', message);
  }

  function onClose(from: SocketLike, code: number, reason: string): void {
    if (from !== socket) return;
    socket = null;
    clearTimers();
    setState('closed');
    if (isAuthFailureReason(reason)) {
      wanted = false;
      emit('unauthorized');
      return;
    }
    if (!wanted || code === CLOSE_CODES.normal) {
      wanted = false;
      return;
    }
    retry += 1;
    const later = () => {
      retryTimer = clock.setTimeout(connect, reconnectDelay(retry));
    };
    if (delegate.isOnline()) later();
    else cancelOnline = delegate.onceOnline(later);
  }

  /** Closes the current socket ourselves and handles it as closed now: a dead network may never say so. */
  function drop(code: number): void {
    const current = socket;
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    try {
      current.close(code);
    } catch {
      // Already closed: nothing to release.
    }
    onClose(current, code, '');
  }

  function scheduleSilenceCheck(): void {
    silenceTimer = clock.setTimeout(checkSilence, SILENCE_CHECK_MS);
  }

  function checkSilence(): void {
    silenceTimer = null;
    if (state !== 'open') return;
    const now = clock.now();
    const silence = now - lastReceivedAt;
    if (silence >= PING_TIMEOUT_MS) {
      drop(CLOSE_CODES.pingTimeout);
      return;
    }
    if (silence >= PING_AFTER_SILENCE_MS && now - lastPingAt >= PING_AFTER_SILENCE_MS) {
      lastPingAt = now;
      if (!send(PING)) return;
    }
    scheduleSilenceCheck();
  }

  /** Sends now when open, else queues for the next open. False when the send failed (3500). */
  function send(data: string): boolean {
    if (state !== 'open' || !socket) {
      queue.push(data);
      return true;
    }
    try {
      socket.send(data);
      return true;
    } catch {
      queue.unshift(data);
      drop(CLOSE_CODES.sendFailure);
      return false;
    }
  }

  return {
    get state(): ConnectionState {
      return state;
    },
    get retry(): number {
      return retry;
    },
    start(): void {
      wanted = true;
      if (state === 'closed' && retryTimer === null && cancelOnline === null) connect();
    },
    /** Reconnects at once (e.g. a new token), keeping queued sends. */
    restart(): void {
      if (socket) drop(CLOSE_CODES.normal);
      wanted = true;
      retry = 0;
      connect();
    },
    stop(): void {
      wanted = false;
      clearTimers();
      const current = socket;
      if (!current) {
        setState('closed');
        return;
      }
      setState('closing');
      current.close(CLOSE_CODES.normal);
    },
    send(data: string): void {
      send(data);
    },
    /** Drops the socket as if it had failed (e.g. a local write failed): it reconnects with backoff. */
    interrupt(): void {
      drop(LOCAL_FAILURE_CLOSE_CODE);
    },
    on<K extends keyof ConnectionEvents>(event: K, listener: ConnectionEvents[K]): () => void {
      listeners[event].add(listener);
      return () => listeners[event].delete(listener);
    },
  };
}

export type Connection = ReturnType<typeof createConnection>;
