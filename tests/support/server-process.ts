import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, dropTestDatabase } from './postgres';

export type DatabaseKind = 'sqlite' | 'postgres';

export type StartServerOptions = {
  database: DatabaseKind;
  /** Extra environment for the server (SMTP_URL, STATIC_DIR, TRUST_PROXY, …). */
  env?: Record<string, string>;
  /** 'source' runs src/server/main.ts through tsx; 'build' runs dist/server/main.js. */
  entry?: 'source' | 'build';
  /**
   * Run on another server's DATA_DIR and database instead of fresh ones: a restart (after
   * `stop(signal, { keepData: true })`) or a second instance on the same PostgreSQL. The new
   * server's stop() removes them unless it too is stopped with keepData.
   */
  reuse?: Pick<RunningServer, 'dataDir' | 'databaseUrl'>;
};

export type StopOptions = {
  /** Leave DATA_DIR and the PostgreSQL database in place for a server started with `reuse`. */
  keepData?: boolean;
};

export type RunningServer = {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The server's DATA_DIR: a fresh temporary directory, removed by stop(). */
  dataDir: string;
  /** The fresh PostgreSQL database (dropped by stop()), or null on SQLite (dataDir/inbox.sqlite). */
  databaseUrl: string | null;
  /** Everything the process printed so far (JSON log lines), for debugging a failure. */
  output(): string;
  /** SIGTERM (or the given signal), wait for the exit, clean up; resolves to the exit code. */
  stop(signal?: NodeJS.Signals, options?: StopOptions): Promise<number | null>;
};

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LIMIT = 2_000_000;

/**
 * Starts a real server process on a free port, with its own data directory and, for
 * PostgreSQL, its own database. Resolves once it listens.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'inbox-server-'));
  const databaseUrl = options.reuse ? options.reuse.databaseUrl : options.database === 'postgres' ? await createTestDatabase() : null;
  const args = options.entry === 'build' ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const nodeArgs = process.env.SERVER_NODE_ARGS ? process.env.SERVER_NODE_ARGS.split(' ') : [];
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: ROOT,
    env: {
      // Only what the server needs: a DATABASE_URL or SMTP_URL in the caller's shell must not leak in.
      PATH: process.env.PATH ?? '',
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const record = (chunk: Buffer) => {
    if (output.length < OUTPUT_LIMIT) output += chunk.toString('utf8');
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));

  let stopped: Promise<number | null> | undefined;
  const stop = (signal: NodeJS.Signals = 'SIGTERM', stopOptions: StopOptions = {}) => {
    stopped ??= (async () => {
      const code = await terminate(child, exited, signal);
      if (!stopOptions.keepData) {
        rmSync(dataDir, { recursive: true, force: true });
        if (databaseUrl) await dropTestDatabase(databaseUrl);
      }
      return code;
    })();
    return stopped;
  };

  try {
    const url = await listeningUrl(() => output, exited);
    return { url, dataDir, databaseUrl, output: () => output, stop };
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
}

/** Waits for Fastify's "Server listening at …" log line. */
async function listeningUrl(output: () => string, exited: Promise<number | null>): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    for (const line of output().split('\n')) {
      const match = /"msg":"Server listening at (http:\/\/[^"]+)"/.exec(line);
      if (match?.[1]) return match[1];
    }
    if (exitCode !== undefined) throw new Error(`Server exited with code ${String(exitCode)} before listening:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Server did not listen within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

async function terminate(child: ChildProcess, exited: Promise<number | null>, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}
