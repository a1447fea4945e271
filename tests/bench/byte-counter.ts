// A TCP relay in front of the bench server that counts the bytes the browser receives, as they
// arrive: HTTP headers and bodies as sent (compressed or not), WebSocket frames as sent (after
// permessage-deflate), the service worker's precache and the SharedWorker's socket alike.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { epochNow } from './browser-bench';

export type ByteCounter = {
  /** http://127.0.0.1:<port> of the relay: give it to the browser as the app's origin. */
  url: string;
  /** Bytes received by the browser until `epoch` (wall-clock ms), since the last reset; `socket`: only on WebSocket connections. */
  bytesUntil(epoch: number, only?: 'socket'): number;
  /** Every byte received since the last reset. */
  total(): number;
  reset(): void;
  close(): Promise<void>;
};

export async function startByteCounter(target: string): Promise<ByteCounter> {
  const { hostname, port } = new URL(target);
  // Cumulative totals at the moments chunks arrived (`socket`: those of WebSocket connections).
  let marks: { at: number; total: number; socket: number }[] = [];
  let total = 0;
  let socketTotal = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client);
    sockets.add(upstream);
    // A connection whose first answer switches protocols carries a WebSocket.
    let isSocket: boolean | null = null;
    upstream.on('data', (chunk: Buffer) => {
      isSocket ??= chunk.subarray(0, 12).toString('latin1') === 'HTTP/1.1 101';
      total += chunk.length;
      if (isSocket) socketTotal += chunk.length;
      marks.push({ at: epochNow(), total, socket: socketTotal });
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    bytesUntil(epoch, only) {
      let found = 0;
      for (const mark of marks) {
        if (mark.at > epoch) break;
        found = only === 'socket' ? mark.socket : mark.total;
      }
      return found;
    },
    total: () => total,
    reset() {
      marks = [];
      total = 0;
      socketTotal = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
