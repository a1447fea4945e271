import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropTestDatabase } from './postgres';

type Record = { pid: number; dataDir: string; databaseUrl: string | null };

const EXIT_WAIT_MS = 15_000;

/**
 * A project's global setup (vitest.config.ts): gives its workers a directory of this run where
 * they record the servers they share between files (tests/support/shared-servers.ts), and once
 * every worker has ended, waits for those servers to exit (killing any that do not), then removes
 * their data directories and PostgreSQL databases. Only this run's servers are touched.
 */
export default function setup(project: TestProject) {
  const runDir = mkdtempSync(join(tmpdir(), 'inbox-test-run-'));
  project.provide('testRunDir', runDir);
  return async () => {
    const records: Record[] = existsSync(runDir)
      ? readdirSync(runDir).map((name) => JSON.parse(readFileSync(join(runDir, name), 'utf8')) as Record)
      : [];
    await Promise.all(records.map(async (record) => {
      await stopProcess(record.pid);
      rmSync(record.dataDir, { recursive: true, force: true });
      if (record.databaseUrl) await dropTestDatabase(record.databaseUrl).catch(() => undefined);
    }));
    rmSync(runDir, { recursive: true, force: true });
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopProcess(pid: number): Promise<void> {
  if (!pid || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + EXIT_WAIT_MS;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}
