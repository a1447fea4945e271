// A TCP relay in front of the bench server that counts the bytes the browser receives, as they
// arrive: HTTP headers and bodies as sent (compressed or not), WebSocket frames as sent (after
// permessage-deflate), the service worker's precache and the SharedWorker's socket alike.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { epochNow } from './browser-bench';

export type ByteCounter = {
  /** http://127.0.0.1:<port> of the relay: give it to the browser as the app's origin. */
  url: string;
  /** Bytes received by the browser until `epoch` (wall-clock ms), since the last reset. */
  bytesUntil(epoch: number): number;
  /** Every byte received since the last reset. */
  total(): number;
  reset(): void;
  close(): Promise<void>;
};

export async function startByteCounter(target: string): Promise<ByteCounter> {
  const { hostname, port } = new URL(target);
  // Cumulative totals at the moments chunks arrived.
  let marks: { at: number; total: number }[] = [];
  let total = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client);
    sockets.add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      marks.push({ at: epochNow(), total });
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
    bytesUntil(epoch) {
      let found = 0;
      for (const mark of marks) {
        if (mark.at > epoch) break;
        found = mark.total;
      }
      return found;
    },
    total: () => total,
    reset() {
      marks = [];
      total = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
