import { parseWidgetServerFrame, WIDGET_CLOSE_CODES, WIDGET_LIMITS, type VisitorFrame, type WidgetServerFrame } from '../protocol/widget';

/**
 * The widget's socket, reconnecting on its own:
 *
 *   connecting ──ready──▶ open ──close──▶ waiting ──(delay; online)──▶ connecting
 *        │                                   ▲
 *        └────────────── close ──────────────┘
 *   any ──close 4003──▶ unavailable (the chat is off: no more attempts)
 *
 * The delay grows by 500 ms per failed attempt up to 10 s (like the agents' socket, §4), and is a
 * minute after 4029 (too many sockets from the address). Silence is broken with PING after
 * WIDGET_LIMITS.pingAfterMs; a PING unanswered for WIDGET_LIMITS.pongTimeoutMs means the socket
 * is dead (a sleeping laptop, a dropped network) and it is replaced at once.
 */
export type ConnectionState = 'connecting' | 'open' | 'waiting' | 'unavailable';

export type WidgetConnection = {
  start(): void;
  /** Sends a frame when the socket is open; false otherwise (the caller keeps it for later). */
  send(frame: VisitorFrame): boolean;
  stop(): void;
};

/** The part of a WebSocket the connection uses (the browser's, or a test's). */
export type WidgetSocket = { isOpen(): boolean; send(text: string): void; close(code?: number): void };
export type SocketHandlers = { onMessage(data: unknown): void; onClose(code: number): void };

export type ConnectionClock = {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type ConnectionDeps = {
  clock: ConnectionClock;
  createSocket(url: string, handlers: SocketHandlers): WidgetSocket;
  isOnline(): boolean;
  /** Calls back once when the browser is back online; answers a function that cancels it. */
  whenOnline(callback: () => void): () => void;
};

export type WidgetConnectionOptions = {
  /** The socket's URL, read at each attempt (the visitor token may have changed). */
  url: () => string;
  onFrame: (frame: WidgetServerFrame) => void;
  onState: (state: ConnectionState) => void;
};

const RETRY_STEP_MS = 500;
const RETRY_CAP_MS = 10_000;
const TOO_MANY_WAIT_MS = 60_000;
const CHECK_EVERY_MS = 5_000;

export function createWidgetConnection(options: WidgetConnectionOptions, deps: ConnectionDeps = browserDeps()): WidgetConnection {
  const { clock } = deps;
  let socket: WidgetSocket | null = null;
  let ready = false;
  let retries = 0;
  let stopped = true;
  let retryTimer: unknown;
  let checkTimer: unknown;
  let cancelOnline: (() => void) | null = null;
  let lastHeard = 0;
  let lastSent = 0;
  /** When the unanswered PING was sent, or null. */
  let pingedAt: number | null = null;

  const setState = (state: ConnectionState) => options.onState(state);

  const closed = (code: number) => {
    ready = false;
    if (stopped) return;
    if (code === WIDGET_CLOSE_CODES.unavailable) {
      stopped = true;
      clock.clearTimeout(checkTimer);
      setState('unavailable');
      return;
    }
    retries += 1;
    const delay = code === WIDGET_CLOSE_CODES.tooManyConnections ? TOO_MANY_WAIT_MS : Math.min(RETRY_STEP_MS * retries, RETRY_CAP_MS);
    setState('waiting');
    retryTimer = clock.setTimeout(connect, delay);
  };

  function connect(): void {
    if (stopped) return;
    if (!deps.isOnline()) {
      setState('waiting');
      cancelOnline = deps.whenOnline(connect);
      return;
    }
    setState('connecting');
    lastHeard = clock.now();
    pingedAt = null;
    const next: WidgetSocket = deps.createSocket(options.url(), {
      onMessage(data) {
        if (socket !== next) return;
        lastHeard = clock.now();
        pingedAt = null;
        if (typeof data !== 'string' || data === 'PONG') return;
        const frame = parseWidgetServerFrame(data);
        if (!frame) return;
        if (frame.action === 'ready') {
          ready = true;
          retries = 0;
          setState('open');
        }
        options.onFrame(frame);
      },
      onClose(code) {
        if (socket !== next) return;
        socket = null;
        closed(code);
      },
    });
    socket = next;
  }

  const check = () => {
    checkTimer = clock.setTimeout(check, CHECK_EVERY_MS);
    if (!socket?.isOpen()) return;
    const now = clock.now();
    if (pingedAt !== null) {
      if (now - pingedAt <= WIDGET_LIMITS.pongTimeoutMs) return;
      // A dead connection may take long to report its close: leave it and start over now.
      const dead = socket;
      socket = null;
      dead.close();
      closed(1006);
      return;
    }
    if (now - Math.max(lastHeard, lastSent) >= WIDGET_LIMITS.pingAfterMs) {
      socket.send('PING');
      lastSent = now;
      pingedAt = now;
    }
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      checkTimer = clock.setTimeout(check, CHECK_EVERY_MS);
      connect();
    },
    send(frame) {
      if (!ready || !socket?.isOpen()) return false;
      socket.send(JSON.stringify(frame));
      lastSent = clock.now();
      return true;
    },
    stop() {
      stopped = true;
      clock.clearTimeout(retryTimer);
      clock.clearTimeout(checkTimer);
      cancelOnline?.();
      socket?.close(1000);
      socket = null;
    },
  };
}

/** The browser's WebSocket, timers and online state. */
function browserDeps(): ConnectionDeps {
  return {
    clock: {
      now: () => Date.now(),
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    },
    createSocket(url, handlers) {
      const ws = new WebSocket(url);
      ws.onmessage = (event: MessageEvent) => handlers.onMessage(event.data);
      ws.onclose = (event: CloseEvent) => handlers.onClose(event.code);
      return { isOpen: () => ws.readyState === WebSocket.OPEN, send: (text) => ws.send(text), close: (code) => ws.close(code) };
    },
    isOnline: () => navigator.onLine,
    whenOnline(callback) {
      window.addEventListener('online', callback, { once: true });
      return () => window.removeEventListener('online', callback);
    },
  };
}
