import WebSocket from 'ws';
import type { WidgetServerFrame } from '../../src/protocol/widget';
import { WIDGET_STREAM_PATH } from '../../src/protocol/widget';

/** A frame from /widget/stream: parsed JSON, or `{text}` for a plain-text frame (PONG). */
export type WidgetFrame = WidgetServerFrame | { action?: undefined; text: string };

export type WidgetConnection = {
  readonly frames: WidgetFrame[];
  /** The next frame not yet taken (optionally the next that matches), waiting for it. */
  next(match?: (frame: WidgetFrame) => boolean, timeoutMs?: number): Promise<WidgetFrame>;
  /** The `ready` frame. */
  ready(timeoutMs?: number): Promise<Extract<WidgetServerFrame, { action: 'ready' }>>;
  send(frame: string | object): void;
  close(): Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Opens the chat widget's socket like the widget does, from a website's origin. `ip` is sent as
 * X-Forwarded-For (the test server trusts loopback), so each test counts as its own address.
 */
export function openWidget(origin: string, params: { org: string; visitor?: string; ip?: string; pageOrigin?: string }): WidgetConnection {
  const query = new URLSearchParams({ org: params.org });
  if (params.visitor) query.set('visitor', params.visitor);
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${WIDGET_STREAM_PATH}?${query.toString()}`, {
    headers: { origin: params.pageOrigin ?? 'https://shop.example.com', ...(params.ip ? { 'x-forwarded-for': params.ip } : {}) },
  });
  const frames: WidgetFrame[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };
  socket.on('message', (data) => {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
    let frame: WidgetFrame;
    try {
      frame = JSON.parse(text) as WidgetServerFrame;
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

  const next = (match: (frame: WidgetFrame) => boolean = () => true, timeoutMs = DEFAULT_TIMEOUT_MS) =>
    new Promise<WidgetFrame>((resolve, reject) => {
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
    async ready(timeoutMs) {
      const frame = await next((candidate) => candidate.action === 'ready', timeoutMs);
      if (frame.action !== 'ready') throw new Error('unreachable');
      return frame;
    },
    send(frame) {
      const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
      const sendNow = () => socket.send(text);
      if (socket.readyState === WebSocket.OPEN) sendNow();
      else socket.once('open', sendNow);
    },
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close(1000);
      await closed;
    },
    closed,
  };
}
