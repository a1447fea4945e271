import { deflateSync } from 'node:zlib';
import { CLOSE_CODES } from '../../protocol/realtime';
import { SOCKET_COMPRESSION } from '../http/compression';

/** The part of a server-side WebSocket the stream uses (a `ws` socket in production). */
export type StreamSocket = {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string, callback?: (error?: Error) => void): void;
  /** A binary frame, not compressed again by the socket's permessage-deflate (`ws`'s options). */
  send(data: Buffer, options: { binary: true; compress: false }, callback: (error?: Error) => void): void;
  close(code?: number, reason?: string): void;
};

const OPEN = 1;

/**
 * A client that cannot keep up is closed rather than buffered without bound: it reconnects
 * with its cursor and catches up from the feed, which is cheaper than megabytes of backlog.
 */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Queues a frame; false when the socket is gone or was closed for falling behind. */
export function sendFrame(socket: StreamSocket, text: string): boolean {
  if (socket.readyState !== OPEN) return false;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.close(CLOSE_CODES.sendFailure, 'Too far behind');
    return false;
  }
  socket.send(text, (error) => {
    if (error) socket.close(CLOSE_CODES.sendFailure, 'Send failed');
  });
  return true;
}

/** Sends through `send` and resolves once the frame has been handed to the network; a failed send closes the socket. */
function sendFlushed(socket: StreamSocket, send: (sent: (error?: Error) => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.readyState !== OPEN) {
      resolve(false);
      return;
    }
    send((error) => {
      if (error) socket.close(CLOSE_CODES.sendFailure, 'Send failed');
      resolve(!error);
    });
  });
}

/** Sends a frame and resolves once it has been handed to the network (paces bulk sends). */
export function sendFrameFlushed(socket: StreamSocket, text: string): Promise<boolean> {
  return sendFlushed(socket, (sent) => socket.send(text, sent));
}

/**
 * A bootstrap batch as a binary frame: `text` deflated here (at the socket's own level), in one
 * synchronous call on the server's thread, and sent without the socket's own compression. The socket's permessage-deflate
 * runs on libuv's thread pool, and a device sharing its cores with the server (the bench's
 * two-core machine) missed frames whenever that thread woke beside its IndexedDB writes; the same
 * deflate done in line did not (docs/decisions.md, "A bootstrap's batches are deflated by the
 * server's own thread").
 */
export function sendDeflatedFlushed(socket: StreamSocket, text: string): Promise<boolean> {
  return sendFlushed(socket, (sent) => socket.send(deflateSync(text, SOCKET_COMPRESSION.zlibDeflateOptions), { binary: true, compress: false }, sent));
}

export function isOpen(socket: StreamSocket): boolean {
  return socket.readyState === OPEN;
}

/** Sends frames and resolves once the last has been handed to the network; false if the socket went away. */
export async function sendFramesFlushed(socket: StreamSocket, texts: readonly string[]): Promise<boolean> {
  if (texts.length === 0) return isOpen(socket);
  for (const text of texts.slice(0, -1)) {
    if (!isOpen(socket)) return false;
    socket.send(text);
  }
  return sendFrameFlushed(socket, texts.at(-1) ?? '');
}
