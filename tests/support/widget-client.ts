import WebSocket from 'ws';
import { readFrames } from './socket-frames';
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
  const reader = readFrames<WidgetFrame>(socket);
  return {
    frames: reader.frames,
    next: reader.next,
    async ready(timeoutMs) {
      const frame = await reader.next((candidate) => candidate.action === 'ready', timeoutMs);
      if (frame.action !== 'ready') throw new Error('unreachable');
      return frame;
    },
    send(frame) {
      reader.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    close: () => reader.close(1000),
    closed: reader.closed,
  };
}
