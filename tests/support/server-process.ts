import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, dropTestDatabase } from './postgres';

export type DatabaseKind = 'sqlite' | 'postgres';

export type StartServerOptions = {
  database: DatabaseKind;
  /** Extra environment for the server (SMTP_URL, STATIC_DIR, TRUST_PROXY, …). */
  env?: Record<string, string>;
  /**
   * 'source' runs src/server/main.ts through tsx; 'build' runs dist/server/main.js. Unset: the
   * build when it is newer than every server and protocol source file (npm test builds first;
   * it starts in a third of the time), else the source.
   */
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
  /** The server's process id. */
  pid: number;
  /** Everything the process printed so far (JSON log lines), for debugging a failure. */
  output(): string;
  /** Sends a signal without waiting (stop() waits for the exit and cleans up). */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM (or the given signal), wait for the exit, clean up; resolves to the exit code. */
  stop(signal?: NodeJS.Signals, options?: StopOptions): Promise<number | null>;
};

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;
const HEAD_LIMIT = 64_000;
const OUTPUT_LIMIT = 2_000_000;

/**
 * Starts a real server process on a free port, with its own data directory and, for
 * PostgreSQL, its own database. Resolves once it listens.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'inbox-server-'));
  const databaseUrl = options.reuse ? options.reuse.databaseUrl : options.database === 'postgres' ? await createTestDatabase() : null;
  const entry = options.entry ?? (buildIsFresh() ? 'build' : 'source');
  const args = entry === 'build' ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
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
      // A thirty-second of the default's work per new password: tests sign up thousands (the
      // password tests check the default in-process).
      PASSWORD_HASH_COST: '10',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // The start (its listening lines) and the latest OUTPUT_LIMIT characters: a server shared by
  // many files logs far more than a test needs, and a test looks for what it just caused.
  let head = '';
  let tail = '';
  let dropped = false;
  const record = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (head.length < HEAD_LIMIT) {
      head += text;
      return;
    }
    tail += text;
    if (tail.length > 2 * OUTPUT_LIMIT) {
      tail = tail.slice(tail.indexOf('\n', tail.length - OUTPUT_LIMIT) + 1);
      dropped = true;
    }
  };
  const output = () => (dropped ? `${head}\n…\n${tail}` : head + tail);
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
    const url = await listeningUrl(output, exited);
    const signal = (name: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(name);
    };
    return { url, dataDir, databaseUrl, pid: child.pid ?? 0, output, signal, stop };
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
}

let freshBuild: boolean | undefined;

/** Whether dist/server is newer than every file it is built from (src/server, src/protocol), checked once per process. */
function buildIsFresh(): boolean {
  freshBuild ??= (() => {
    const built = ['dist/server/main.js', 'dist/server/content-worker.js'].map((file) => join(ROOT, file));
    if (!built.every((file) => existsSync(file))) return false;
    const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
    return ['src/server', 'src/protocol'].every((dir) => newestIn(join(ROOT, dir)) < builtAt);
  })();
  return freshBuild;
}

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
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
