import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * `through`: a plain reverse proxy. `lie-fi`: requests still reach the server, whole, but every
 * answer is lost (the browser's connection is cut once the server has answered), and the realtime
 * socket is cut and cannot reconnect: a network that takes requests and drops answers.
 */
export type ProxyMode = 'through' | 'lie-fi';

export type LieFiProxy = {
  /** The origin to open the app on, e.g. http://127.0.0.1:40123. */
  readonly url: string;
  setMode(mode: ProxyMode): void;
  /** Requests that reached the server and whose answer the browser never got (method and path). */
  readonly lost: readonly string[];
  stop(): Promise<void>;
};

/** A reverse proxy in front of `target` (http://host:port), for browser tests on a lying network. */
export async function startLieFiProxy(target: string): Promise<LieFiProxy> {
  const upstream = new URL(target);
  let mode: ProxyMode = 'through';
  const lost: string[] = [];
  const tunnels = new Set<net.Socket>();

  const server = http.createServer((request, response) => {
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        if (mode === 'lie-fi') {
          // The server has done the work; the browser never hears of it.
          answer.resume();
          answer.on('end', () => {
            lost.push(`${request.method ?? ''} ${request.url ?? ''}`);
            request.socket.destroy();
          });
          return;
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => request.socket.destroy());
    request.pipe(forwarded);
  });

  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    if (mode === 'lie-fi') {
      socket.destroy();
      return;
    }
    const tunnel = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
      for (let index = 0; index < request.rawHeaders.length; index += 2) lines.push(`${request.rawHeaders[index] ?? ''}: ${request.rawHeaders[index + 1] ?? ''}`);
      tunnel.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) tunnel.write(head);
      tunnel.pipe(socket);
      socket.pipe(tunnel);
    });
    const close = () => {
      tunnels.delete(socket);
      socket.destroy();
      tunnel.destroy();
    };
    tunnels.add(socket);
    tunnel.on('error', close);
    socket.on('error', close);
    tunnel.on('close', close);
    socket.on('close', close);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode(next) {
      mode = next;
      if (next === 'lie-fi') for (const socket of tunnels) socket.destroy();
    },
    get lost() {
      return lost;
    },
    async stop() {
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
