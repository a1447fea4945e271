import { readMetrics } from '../support/metrics';
import { startSeededServer as startSeeded, type SeededServer } from '../support/seeded-server';
import type { RunningServer } from '../support/server-process';

export type BenchServer = SeededServer;

/** A real server process (the production build) with one seeded organization, signed in as its owner. */
export function startSeededServer(conversations: number, messagesPerConversation: number): Promise<BenchServer> {
  return startSeeded({ org: `bench-${Math.random().toString(36).slice(2, 8)}`, conversations, messagesPerConversation });
}

export async function serverRss(server: RunningServer): Promise<number> {
  const rss = (await readMetrics(server.url)).value('process_resident_memory_bytes');
  if (Number.isNaN(rss)) throw new Error('No process_resident_memory_bytes in /metrics');
  return rss;
}
