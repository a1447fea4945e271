import { readMetrics } from '../support/metrics';
import { startSeededServer as startSeeded, type SeededServer } from '../support/seeded-server';
import type { RunningServer } from '../support/server-process';

export type BenchServer = SeededServer;

/** A real server process (the production build) with one seeded organization, signed in as its owner. */
export function startSeededServer(conversations: number, messagesPerConversation: number): Promise<BenchServer> {
  return startSeeded({ org: `bench-${Math.random().toString(36).slice(2, 8)}`, conversations, messagesPerConversation });
}

async function serverMetric(server: RunningServer, name: string): Promise<number> {
  const value = (await readMetrics(server.url)).value(name);
  if (Number.isNaN(value)) throw new Error(`No ${name} in /metrics`);
  return value;
}

export function serverRss(server: RunningServer): Promise<number> {
  return serverMetric(server, 'process_resident_memory_bytes');
}

/** The server process's CPU time so far, in seconds (every thread of it). */
export function serverCpuSeconds(server: RunningServer): Promise<number> {
  return serverMetric(server, 'process_cpu_seconds_total');
}
