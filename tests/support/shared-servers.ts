import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { RunningServer } from './server-process';

/**
 * What one Vitest worker shares between its test files (the projects that use this run with
 * `isolate: false`, so a module's state lives as long as the worker): a server process per
 * database and environment, started by the first file that asks and used by every later one,
 * each test with organizations of its own. The run's cleanup (tests/support/test-run-cleanup.ts)
 * stops them and removes their data once every worker has ended.
 */
const shared = new Map<string, Promise<unknown>>();
const running = new Set<RunningServer>();

/** The value `start` resolves to, started once per worker and key. */
export function sharedOnce<T>(key: string, start: () => Promise<T>): Promise<T> {
  let value = shared.get(key) as Promise<T> | undefined;
  if (!value) {
    value = start();
    shared.set(key, value);
    // A start that failed is tried again by the next file rather than failing every file after it.
    value.catch(() => shared.delete(key));
  }
  return value;
}

/** Records a shared server for the run's cleanup, and stops it with the worker. */
export function keepForWorker(server: RunningServer): RunningServer {
  running.add(server);
  const runDir = inject('testRunDir');
  if (runDir) {
    mkdirSync(runDir, { recursive: true });
    writeFileSync(
      join(runDir, `${process.pid}-${running.size}.json`),
      JSON.stringify({ pid: server.pid, dataDir: server.dataDir, databaseUrl: server.databaseUrl }),
    );
  }
  return server;
}

/** Whether this server is shared by the worker's files (so a file must not stop it). */
export function isKeptForWorker(server: RunningServer): boolean {
  return running.has(server);
}

/** Drops a shared value, so the next file starts a new one (a browser that went away). */
export function forgetShared(key: string): void {
  shared.delete(key);
}

/** Whether files may share servers: SHARED_SERVERS=0 gives every file its own, as before. */
export const sharingServers = process.env.SHARED_SERVERS !== '0';

let stopping = false;
function stopAll(): void {
  if (stopping) return;
  stopping = true;
  // A signal only: the run's cleanup waits for the exits and removes data and databases.
  for (const server of running) server.signal('SIGTERM');
}
process.once('exit', stopAll);
process.once('SIGTERM', () => {
  stopAll();
  process.exit(0);
});

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where workers record the shared servers they started (tests/support/test-run-cleanup.ts); '' without it. */
    testRunDir: string;
  }
}
