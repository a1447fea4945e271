import { randomBytes } from 'node:crypto';
import type { Session } from '../../src/protocol/api/models';
import { openDatabase } from '../../src/server/db/open-database';
import { seedOrganization, type SeedResult } from '../../src/server/seed/seed-organization';
import { createApiClient, type ApiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server-process';

export type BenchServer = { server: RunningServer; api: ApiClient; session: Session; seeded: SeedResult };

/** A real server process (the production build) with one seeded organization, signed in as its owner. */
export async function startSeededServer(conversations: number, messagesPerConversation: number): Promise<BenchServer> {
  const server = await startServer({ database: 'sqlite', entry: 'build' });
  const slug = `bench-${randomBytes(3).toString('hex')}`;
  const handle = openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
  let seeded: SeedResult;
  try {
    seeded = await seedOrganization(handle, { org: slug, conversations, messagesPerConversation });
  } finally {
    await handle.db.destroy();
  }
  const login = await createApiClient(server.url).post<Session>('auth/login', {
    email: seeded.ownerEmail,
    password: seeded.password,
    domain: slug,
  });
  if (login.status !== 200) throw new Error(`Login failed: ${login.text}`);
  return { server, api: createApiClient(server.url, { token: login.body.token }), session: login.body, seeded };
}

export async function serverRss(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const match = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  if (!match?.[1]) throw new Error('No process_resident_memory_bytes in /metrics');
  return Number(match[1]);
}
