import WebSocket from 'ws';
import { PAINTED_FRAME } from '../../src/protocol/realtime';
import { DEFAULT_FRAME_TIMEOUT_MS, readFrames } from './socket-frames';

const PAINT_FRAME = JSON.stringify({ action: 'PAINT' });

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
  /** A binary frame, inflated (a bootstrap's batch for a client that asked `batches=deflate`). */
  deflated?: true;
};

/**
 * `holdPaints`: do not answer a bootstrap's PAINTs (the client answers each with PAINTED, as the
 * SharedWorker does once it wrote the screen; unanswered, the server sends the rest only after
 * FIRST_SCREEN_WAIT_MS). `pace`: ask for a bootstrap paced by WRITTEN answers (the test sends them).
 * `deflatedBatches`: ask for the bootstrap's rest as deflated binary frames (read back inflated).
 */
export type StreamParams = { token: string; session?: string; init?: boolean; cursor?: number; open?: number; holdPaints?: boolean; pace?: boolean; deflatedBatches?: boolean };

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

/** Opens `GET /stream` on a server like the SharedWorker does. */
export function openStream(origin: string, params: StreamParams): StreamConnection {
  const query = new URLSearchParams({ token: params.token });
  if (params.session) query.set('session', params.session);
  if (params.init !== undefined) query.set('init', String(params.init));
  if (params.cursor !== undefined) query.set('cursor', String(params.cursor));
  if (params.open !== undefined) query.set('open', String(params.open));
  if (params.pace) query.set('pace', '1');
  if (params.deflatedBatches) query.set('batches', 'deflate');
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/stream?${query.toString()}`);
  const reader = readFrames<StreamFrame>(socket);
  if (!params.holdPaints) {
    socket.on('message', (data, isBinary) => {
      if (!isBinary && Buffer.isBuffer(data) && data.toString('utf8') === PAINT_FRAME) socket.send(PAINTED_FRAME);
    });
  }
  return {
    frames: reader.frames,
    next: reader.next,
    async untilReady(timeoutMs = DEFAULT_FRAME_TIMEOUT_MS) {
      const start = reader.taken();
      const ready = await reader.next((frame) => frame.action === 'READY', timeoutMs);
      return { before: reader.frames.slice(start, reader.taken() - 1), ready };
    },
    send: reader.send,
    close: reader.close,
    closed: reader.closed,
  };
}
