import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, it } from 'vitest';
import type { EmailChannel } from '../../src/protocol/api/channels';
import type { Session } from '../../src/protocol/api/models';
import { PERMISSIONS } from '../../src/protocol/roles';
import { hashPassword } from '../../src/server/auth/password-hash';
import { migrations } from '../../src/server/server-migrations';
import { openDatabase } from '../../src/server/db/open-database';
import { createApiClient } from '../support/api-client';
import { startDnsServer } from '../support/dns-server';
import { createTestDatabase } from '../support/postgres';
import { proveDomain } from '../support/prove-domain';
import { openSmtpSession } from '../support/smtp-client';
import { startServer, type DatabaseKind, type RunningServer } from '../support/server-process';
import { EMAIL_ENV, recordOf, smtpInboundPort } from './email-fixtures';
import { describeEachDatabase, uid } from './server-suite';

const dns = await startDnsServer();
afterAll(() => dns.stop());

/** The last migration before domains had to be proven. */
const BEFORE = '0007-chat';

/**
 * A database as the previous release left it: migrated up to BEFORE, with an organization, its
 * owner and a support address whose domain that release had verified (with the shared key).
 */
async function databaseBeforeDomainProof(database: DatabaseKind, fixture: { slug: string; email: string; password: string; address: string }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'inbox-upgrade-'));
  const databaseUrl = database === 'postgres' ? await createTestDatabase() : null;
  const handle = openDatabase({ databaseUrl, dataDir });
  try {
    const all = migrations(handle.dialect);
    const earlier = Object.fromEntries(Object.entries(all).filter(([name]) => name <= BEFORE));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(earlier) } }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error('The migrations before 0008 failed', { cause: error });
    const now = Date.now();
    const db = handle.db;
    const org = await sql<{ id: number }>`insert into organizations (slug, name, created_at) values (${fixture.slug}, ${'Upgraded'}, ${now}) returning id`.execute(db);
    const orgId = org.rows[0]?.id ?? 0;
    await sql`insert into agents (org_id, email, name, roles, is_owner, password_hash, created_at)
      values (${orgId}, ${fixture.email}, ${'Owner'}, ${JSON.stringify(PERMISSIONS)}, 1, ${await hashPassword(fixture.password)}, ${now})`.execute(db);
    const domain = fixture.address.split('@')[1] ?? '';
    await sql`insert into channels (org_id, email, domain, verification, checked_at, checks, created_at)
      values (${orgId}, ${fixture.address}, ${domain}, 'VERIFIED', ${now}, '[]', ${now})`.execute(db);
  } finally {
    await handle.db.destroy();
  }
  return { dataDir, databaseUrl };
}

describeEachDatabase('upgrading to proven domains', (database) => {
  const id = uid();
  const fixture = { slug: `upgraded-${id}`, email: `owner-${id}@example.com`, password: `password-${id}`, address: `help@upgraded-${id}.example` };
  let running: RunningServer | undefined;
  beforeAll(async () => {
    const reuse = await databaseBeforeDomainProof(database, fixture);
    running = await startServer({ database, reuse, env: { ...EMAIL_ENV, DNS_SERVERS: dns.address } });
  });
  afterAll(async () => {
    await running?.stop();
  });

  it("an upgraded database's support addresses are unproven until their organization verifies them again", async ({ expect }) => {
    const server = running;
    if (!server) throw new Error('The server did not start');

    const login = await createApiClient(server.url).post<Session>('auth/login', { email: fixture.email, password: fixture.password, domain: fixture.slug });
    expect(login.status).toBe(200);
    const api = createApiClient(server.url, { token: login.body.token });
    const [channel] = (await api.get<EmailChannel[]>('organization/channels')).body;
    expect(channel).toMatchObject({ email: fixture.address, domain: { verification: 'PENDING', checked_at: null } });
    if (!channel) throw new Error('The channel did not survive the upgrade');
    expect(channel.domain.records.map((record) => record.kind)).toEqual(['CHALLENGE', 'MX', 'SPF', 'DKIM']);
    expect(recordOf(channel, 'CHALLENGE').expected).toMatch(/^inbox-verification=[0-9a-f]{32}$/);
    // Listing again shows the same challenge and key: they were made once.
    expect((await api.get<EmailChannel[]>('organization/channels')).body).toEqual([channel]);

    const session = openSmtpSession(smtpInboundPort(server));
    await session.greeting;
    await session.command('EHLO client.example');
    await session.command('MAIL FROM:<jane@customer.example>');
    expect((await session.command(`RCPT TO:<${fixture.address}>`)).code).toBe(550);

    await proveDomain(api, dns, channel);
    expect((await session.command(`RCPT TO:<${fixture.address}>`)).code).toBe(250);
    await session.close();
  });
});
