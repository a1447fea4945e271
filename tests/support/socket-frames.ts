import { inflateSync } from 'node:zlib';
import WebSocket from 'ws';

export const DEFAULT_FRAME_TIMEOUT_MS = 10_000;

/** What a test reads from a WebSocket: its frames in order, taken one by one as they arrive. */
export type FrameReader<F> = {
  /** Every frame received so far, in order. */
  readonly frames: F[];
  /** The next frame not yet taken by next() (waiting for it), optionally the next that matches. */
  next: (match?: (frame: F) => boolean, timeoutMs?: number) => Promise<F>;
  /** How many frames next() has taken so far. */
  taken: () => number;
  /** Sends once the socket is open. */
  send: (text: string) => void;
  close: (code?: number) => Promise<void>;
  /** Resolves when the server or the client closed the socket. */
  readonly closed: Promise<{ code: number; reason: string }>;
};

/**
 * Collects a socket's frames: JSON ones parsed as `F`, any other text as `{text}` (PONG). A binary
 * frame is a bootstrap's deflated batch (`batches=deflate`): it is inflated, parsed and marked
 * `deflated: true`. The stream and widget clients both read their sockets through this.
 */
export function readFrames<F>(socket: WebSocket): FrameReader<F> {
  const frames: F[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };

  socket.on('message', (data, isBinary) => {
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const text = (isBinary ? inflateSync(bytes) : bytes).toString('utf8');
    let frame: F;
    try {
      frame = JSON.parse(text) as F;
      if (isBinary) frame = { ...frame, deflated: true };
    } catch {
      frame = { text } as F;
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

  const next = (match: (frame: F) => boolean = () => true, timeoutMs = DEFAULT_FRAME_TIMEOUT_MS) =>
    new Promise<F>((resolve, reject) => {
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
    taken: () => taken,
    send: (text) => {
      const sendNow = () => socket.send(text);
      if (socket.readyState === WebSocket.OPEN) sendNow();
      else socket.once('open', sendNow);
    },
    close: async (code = 1000) => {
      if (socket.readyState !== WebSocket.CLOSED) socket.close(code);
      await closed;
    },
    closed,
  };
}
