import type { Conversation } from '../../src/protocol/documents';
import { openStream, type StreamConnection } from '../support/stream-client';
import { startSeededServer, serverRss } from './bench-server';
import { mib, ms, percentile, report } from './stats';

const SOCKETS = 500;
const IDLE_SOCKETS = 1_000;
const ROUNDS = 30;

async function openMany(origin: string, token: string, count: number): Promise<StreamConnection[]> {
  const sockets: StreamConnection[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) =>
      openStream(origin, { token, session: `bench-${i + j}`, init: true }),
    );
    await Promise.all(batch.map((socket) => socket.untilReady(60_000)));
    sockets.push(...batch);
  }
  return sockets;
}

/** 4. fan-out: one change until every one of 500 sockets of the organization has it. */
export async function benchFanOut(): Promise<void> {
  const bench = await startSeededServer(20, 2);
  try {
    const { conversations } = (await bench.api.get<{ conversations: Conversation[] }>('conversations/?limit=1')).body;
    const target = conversations[0];
    if (!target) throw new Error('The seed made no conversation');
    const sockets = await openMany(bench.server.url, bench.session.token, SOCKETS);
    const perSocket: number[] = [];
    const allHaveIt: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const status = round % 2 === 0 ? 'WAITING' : 'OPENED';
      const arrivals = sockets.map((socket) =>
        socket
          .next((frame) => frame.col === 'conversations' && frame.document?.['id'] === target.id && frame.document['status'] === status, 30_000)
          .then(() => performance.now()),
      );
      const started = performance.now();
      await bench.api.post(`conversations/${target.id}/status`, { status });
      const times = (await Promise.all(arrivals)).map((at) => at - started);
      perSocket.push(...times);
      allHaveIt.push(Math.max(...times));
    }
    report(`fan-out (${SOCKETS} sockets, ${ROUNDS} changes)`, {
      'per-socket p50': ms(percentile(perSocket, 50)),
      p99: ms(percentile(perSocket, 99)),
      'all-have-it p50': ms(percentile(allHaveIt, 50)),
      p99all: ms(percentile(allHaveIt, 99)),
    }, 'p99 ≤ 100 ms');
    await Promise.all(sockets.map((socket) => socket.close()));
  } finally {
    await bench.server.stop();
  }
}

/** 5a. memory: the server's resident memory with 1,000 idle sockets. */
export async function benchIdleSocketMemory(): Promise<void> {
  const bench = await startSeededServer(20, 2);
  try {
    const before = await serverRss(bench.server);
    const sockets = await openMany(bench.server.url, bench.session.token, IDLE_SOCKETS);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await serverRss(bench.server);
    report(`server RSS (${IDLE_SOCKETS} idle sockets)`, {
      before: mib(before),
      with: mib(after),
      'per socket': `${((after - before) / IDLE_SOCKETS / 1024).toFixed(1)} KiB`,
    });
    await Promise.all(sockets.map((socket) => socket.close()));
  } finally {
    await bench.server.stop();
  }
}
