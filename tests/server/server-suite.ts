import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Session } from '../../src/protocol/api/models';
import type { Db } from '../../src/server/db/database';
import { createApiClient, type ApiClient } from '../support/api-client';
import { postgresSkipReason } from '../support/postgres';
import { openServerDatabase } from '../support/server-database';
import { startServer, type DatabaseKind, type RunningServer } from '../support/server-process';
import { startDnsServer } from '../support/dns-server';
import { keepForWorker, sharedOnce, sharingServers } from '../support/shared-servers';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

const skipPostgres = (await postgresSkipReason()) !== null;

/** Declares the same suite on SQLite and on PostgreSQL (skipped, with a printed reason, when unreachable). */
export function describeEachDatabase(name: string, body: (database: DatabaseKind) => void): void {
  for (const database of ['sqlite', 'postgres'] as const) {
    describe.skipIf(database === 'postgres' && skipPostgres).concurrent(`${name} (${database})`, () => body(database));
  }
}

export const uid = () => randomBytes(4).toString('hex');

export type SignedUp = { session: Session; api: ApiClient; email: string; password: string; domain: string; name: string };

export type ServerSuite = {
  readonly server: RunningServer;
  readonly mail: SmtpSink;
  /** The server's database, opened on first use. */
  db(): Db;
  /** A client with its own client IP (X-Forwarded-For), so rate limits of one test never touch another. */
  client(token?: string): ApiClient;
  /** Creates an organization and its owner; resolves to the session and a signed-in client. */
  signUp(fields?: Partial<{ name: string; email: string; password: string; domain: string; organization_name: string }>): Promise<SignedUp>;
};

/**
 * The environment of the server a worker shares between its files, beside SMTP_URL (the shared
 * SMTP sink) and DNS_SERVERS (the shared test DNS server): the built-in SMTP server on a free
 * port, the inbound webhook, fast job polling, and X-Forwarded-For trusted from loopback.
 */
export const SHARED_ENV = {
  TRUST_PROXY: 'loopback',
  SMTP_INBOUND_PORT: '0',
  JOB_POLL_MS: '200',
  INBOUND_WEBHOOK_SECRET: 'test-inbound-secret-0123456789',
} as const;

type Running = { server: RunningServer; mail: SmtpSink };

/** The worker's SMTP sink and test DNS server, shared by its servers and files (test addresses are unique per test). */
export const sharedMailSink = () => sharedOnce('smtp-sink', startSmtpSink);
export const sharedDnsServer = () => sharedOnce('dns-server', startDnsServer);

/** The environment a shared server runs with; a suite asking for nothing else uses it. */
async function sharedEnv(): Promise<Record<string, string>> {
  const [mail, dns] = await Promise.all([sharedMailSink(), sharedDnsServer()]);
  return { ...SHARED_ENV, SMTP_URL: mail.url, DNS_SERVERS: dns.address };
}

/** Whether `env` asks for nothing the shared server does not already have. */
function fitsShared(env: Record<string, string>, shared: Record<string, string>): boolean {
  return Object.entries(env).every(([name, value]) => shared[name] === value);
}

// Client addresses count up for the whole worker: files that share a server never share an address.
let clients = 0;
const ipBase = [10, 1 + (Number(process.env.VITEST_POOL_ID ?? 0) % 200)];

/**
 * A server (and its SMTP sink) for the enclosing describe block. A suite whose `env` asks for
 * nothing beyond SHARED_ENV uses the server its worker shares between files, started by the
 * first file that needs it: each test makes organizations of its own, as tenants of one install
 * do. A suite with other settings gets a private server, started before its first test and
 * stopped after its last, as does any suite while SHARED_SERVERS=0.
 */
export function useServerSuite(database: DatabaseKind, env: Record<string, string> = {}): ServerSuite {
  let running: Running | undefined;
  let privateRunning: Running | undefined;
  let db: Db | undefined;

  beforeAll(async () => {
    const shared = await sharedEnv();
    if (sharingServers && fitsShared(env, shared)) {
      running = await sharedOnce(`server:${database}`, async () => ({
        server: keepForWorker(await startServer({ database, env: shared })),
        mail: await sharedMailSink(),
      }));
      return;
    }
    const mail = await startSmtpSink();
    try {
      const server = await startServer({ database, env: { SMTP_URL: mail.url, TRUST_PROXY: 'loopback', ...env } });
      privateRunning = running = { server, mail };
    } catch (error) {
      await mail.stop();
      throw error;
    }
  });
  afterAll(async () => {
    await db?.destroy();
    if (!privateRunning) return;
    const { server, mail } = privateRunning;
    const code = await server.stop();
    await mail.stop();
    if (code !== 0) throw new Error(`Server exited with ${String(code)}:\n${server.output().slice(-5000)}`);
  });

  const suite: ServerSuite = {
    get server() {
      if (!running) throw new Error('The server is not started yet (use it inside a test)');
      return running.server;
    },
    get mail() {
      if (!running) throw new Error('The SMTP sink is not started yet (use it inside a test)');
      return running.mail;
    },
    db() {
      db ??= openServerDatabase(suite.server);
      return db;
    },
    client(token) {
      clients += 1;
      const ip = `${ipBase.join('.')}.${Math.floor(clients / 250) % 256}.${(clients % 250) + 1}`;
      return createApiClient(suite.server.url, { ...(token ? { token } : {}), ip });
    },
    async signUp(fields = {}) {
      const id = uid();
      const body = {
        name: fields.name ?? `Owner ${id}`,
        email: fields.email ?? `owner-${id}@example.com`,
        password: fields.password ?? `password-${id}`,
        organization_name: fields.organization_name ?? `Org ${id}`,
        domain: fields.domain ?? `org-${id}`,
      };
      const response = await suite.client().post<Session>('auth/create', body);
      if (response.status !== 201) throw new Error(`Sign-up failed: ${response.status} ${response.text}`);
      return {
        session: response.body,
        api: suite.client(response.body.token),
        email: body.email,
        password: body.password,
        domain: body.domain,
        name: body.name,
      };
    },
  };
  return suite;
}
