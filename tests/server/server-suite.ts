import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Session } from '../../src/protocol/api/models';
import type { Db } from '../../src/server/db/database';
import { createApiClient, type ApiClient } from '../support/api-client';
import { postgresSkipReason } from '../support/postgres';
import { openServerDatabase } from '../support/server-database';
import { startServer, type DatabaseKind, type RunningServer } from '../support/server-process';
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
 * One server process and one SMTP sink for the enclosing describe block, started before its
 * first test and stopped after its last. The server trusts X-Forwarded-For from loopback.
 */
export function useServerSuite(database: DatabaseKind, env: Record<string, string> = {}): ServerSuite {
  let server: RunningServer | undefined;
  let mail: SmtpSink | undefined;
  let db: Db | undefined;
  let clients = 0;
  const ipBase = [10, Math.floor(Math.random() * 200)];

  beforeAll(async () => {
    mail = await startSmtpSink();
    server = await startServer({ database, env: { SMTP_URL: mail.url, TRUST_PROXY: 'loopback', ...env } });
  });
  afterAll(async () => {
    await db?.destroy();
    const code = await server?.stop();
    await mail?.stop();
    if (code !== 0 && server) throw new Error(`Server exited with ${String(code)}:\n${server.output().slice(-5000)}`);
  });

  const suite: ServerSuite = {
    get server() {
      if (!server) throw new Error('The server is not started yet (use it inside a test)');
      return server;
    },
    get mail() {
      if (!mail) throw new Error('The SMTP sink is not started yet (use it inside a test)');
      return mail;
    },
    db() {
      db ??= openServerDatabase(suite.server);
      return db;
    },
    client(token) {
      clients += 1;
      const ip = `${ipBase.join('.')}.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
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
