import WebSocket from 'ws';

/** A frame from /stream: parsed JSON, or `{text}` for a plain-text frame (PONG). */
export type StreamFrame = {
  action?: string;
  col?: string;
  target_id?: string;
  document?: Record<string, unknown>;
  documents?: Record<string, unknown>[];
  version?: string | number;
  cursor?: number;
  text?: string;
};

export type StreamParams = { token: string; session?: string; init?: boolean; cursor?: number };

export type StreamConnection = {
  /** Every frame received so far, in order. */
  readonly frames: StreamFrame[];
  /** The next frame not yet taken by next() (waiting for it), optionally the next that matches. */
  next(match?: (frame: StreamFrame) => boolean, timeoutMs?: number): Promise<StreamFrame>;
  /** Frames taken by next() until (and including) READY: the catch-up of a new socket. */
  untilReady(timeoutMs?: number): Promise<{ before: StreamFrame[]; ready: StreamFrame }>;
  send(text: string): void;
  close(code?: number): Promise<void>;
  /** Resolves when the server or the client closed the socket. */
  readonly closed: Promise<{ code: number; reason: string }>;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** Opens `GET /stream` on a server like the SharedWorker does. */
export function openStream(origin: string, params: StreamParams): StreamConnection {
  const query = new URLSearchParams({ token: params.token });
  if (params.session) query.set('session', params.session);
  if (params.init !== undefined) query.set('init', String(params.init));
  if (params.cursor !== undefined) query.set('cursor', String(params.cursor));
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/stream?${query.toString()}`);
  const frames: StreamFrame[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };

  socket.on('message', (data) => {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
    let frame: StreamFrame;
    try {
      frame = JSON.parse(text) as StreamFrame;
    } catch {
      frame = { text };
    }
    frames.push(frame);
    wakeAll();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString('utf8') });
      wakeAll();
    });
  });
  socket.on('error', () => undefined);

  const next = (match: (frame: StreamFrame) => boolean = () => true, timeoutMs = DEFAULT_TIMEOUT_MS) =>
    new Promise<StreamFrame>((resolve, reject) => {
      const check = () => {
        while (taken < frames.length) {
          const frame = frames[taken++];
          if (frame && match(frame)) {
            done();
            resolve(frame);
            return;
          }
        }
        if (socket.readyState === WebSocket.CLOSED) {
          done();
          reject(new Error(`Socket closed while waiting; frames: ${JSON.stringify(frames).slice(0, 2000)}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`No matching frame within ${timeoutMs} ms; frames: ${JSON.stringify(frames).slice(-2000)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    frames,
    next,
    async untilReady(timeoutMs = DEFAULT_TIMEOUT_MS) {
      const start = taken;
      const ready = await next((frame) => frame.action === 'READY', timeoutMs);
      return { before: frames.slice(start, taken - 1), ready };
    },
    send(text) {
      const sendNow = () => socket.send(text);
      if (socket.readyState === WebSocket.OPEN) sendNow();
      else socket.once('open', sendNow);
    },
    async close(code = 1000) {
      if (socket.readyState !== WebSocket.CLOSED) socket.close(code);
      await closed;
    },
    closed,
  };
}
