import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../src/protocol/api/models';
import type { Db } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/seed/seed-organization';
import { createApiClient, type ApiClient } from '../support/api-client';
import { postgresSkipReason } from '../support/postgres';
import { createTestCertificate, startPushService, type PushService, type TestSubscription } from '../support/push-service';
import { openServerDatabase } from '../support/server-database';
import { startServer, type DatabaseKind, type RunningServer } from '../support/server-process';
import { describeEachDatabase, uid } from './server-suite';
import { seedInto } from './sync-fixtures';

/** Durability of notification delivery: across a restart, and with two instances on one PostgreSQL. */
const skipPostgres = (await postgresSkipReason()) !== null;
const certificate = createTestCertificate();
let push: PushService;
beforeAll(async () => {
  push = await startPushService(certificate);
});
afterAll(async () => {
  expect(push.rejected).toEqual([]);
  await push.stop();
  certificate.remove();
});

const env = () => ({ NODE_EXTRA_CA_CERTS: certificate.certPath, JOB_POLL_MS: '50', TRUST_PROXY: 'loopback', PUSH_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });

type Crew = { owner: ApiClient; ownerToken: string; alex: ApiClient; conversations: number[]; alexDevice: TestSubscription; domain: string };

/** An organization on `server`: its owner, Alex (one registered device) and two unassigned conversations. */
async function crewOn(server: RunningServer): Promise<Crew> {
  const id = uid();
  const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const anonymous = createApiClient(server.url, { ip });
  const created = await anonymous.post<Session>('auth/create', {
    name: `Owner ${id}`,
    email: `owner-${id}@example.com`,
    password: `password-${id}`,
    organization_name: `Org ${id}`,
    domain: `org-${id}`,
  });
  if (created.status !== 201) throw new Error(`Sign-up failed: ${created.text}`);
  const domain = `org-${id}`;
  await seedInto(server, domain, 2, 1);
  const login = await anonymous.post<Session>('auth/login', { email: `alex@${domain}.example`, password: DEMO_PASSWORD, domain });
  const owner = createApiClient(server.url, { token: created.body.token, ip });
  const alex = createApiClient(server.url, { token: login.body.token, ip });
  const listed = await owner.get<{ conversations: { id: number }[] }>('conversations/?limit=2');
  const conversations = listed.body.conversations.map((conversation) => conversation.id);
  for (const conversation of conversations) await owner.post(`conversations/${conversation}/assign`, { agent_id: null });
  const alexDevice = push.subscribe();
  expect((await alex.post('account/notifications/register', alexDevice.json)).status).toBe(201);
  return { owner, ownerToken: created.body.token, alex, conversations, alexDevice, domain };
}

async function pendingPushJobs(db: Db): Promise<{ attempts: number }[]> {
  return db.selectFrom('jobs').select('attempts').where('kind', '=', 'push_notification').where('done_at', 'is', null).where('cancelled_at', 'is', null).execute();
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const alexId = async (crew: Crew) => (await crew.alex.get<{ agent: { id: number } }>('account/')).body.agent.id;

describeEachDatabase('notification delivery', (database: DatabaseKind) => {
  it('a push its service refused until the server stopped is sent once by the next start', async () => {
    let server = await startServer({ database, env: env() });
    let db = openServerDatabase(server);
    try {
      const crew = await crewOn(server);
      push.answer(crew.alexDevice.id, 503);
      await crew.owner.post(`conversations/${crew.conversations[0]}/assign`, { agent_id: await alexId(crew) });
      await until(async () => (await pendingPushJobs(db)).some((job) => job.attempts >= 1));
      await db.destroy();
      await server.stop('SIGTERM', { keepData: true });

      push.answer(crew.alexDevice.id, 201);
      server = await startServer({ database, reuse: server, env: env() });
      db = openServerDatabase(server);
      const delivered = await push.waitFor((entry) => entry.subscriptionId === crew.alexDevice.id, 20_000);
      expect(delivered.payload.event).toBe('assigned');
      await until(async () => (await pendingPushJobs(db)).length === 0);
      expect(push.received.filter((entry) => entry.subscriptionId === crew.alexDevice.id)).toEqual([]);
    } finally {
      await db.destroy();
      await server.stop();
    }
  }, 60_000);
});

describe.skipIf(skipPostgres)('notifications with two instances on one PostgreSQL', () => {
  it('each event reaches the device exactly once, whichever instance claims its job', async () => {
    const first = await startServer({ database: 'postgres', env: env() });
    const second = await startServer({ database: 'postgres', reuse: first, env: env() });
    const db = openServerDatabase(first);
    try {
      const crew = await crewOn(first);
      const alex = await alexId(crew);
      // Half the changes are written through each instance; both run jobs.
      const owners = [crew.owner, createApiClient(second.url, { token: crew.ownerToken })];
      for (const [index, conversation] of crew.conversations.entries()) await owners[index % 2]?.post(`conversations/${conversation}/assign`, { agent_id: alex });
      for (let index = 0; index < 4; index++) {
        await owners[index % 2]?.post(`conversations/${crew.conversations[index % 2]}/notes`, { message: `Note ${index} for @Alex`, mentions: [alex] });
      }
      await until(() => push.received.filter((entry) => entry.subscriptionId === crew.alexDevice.id).length >= 6);
      await until(async () => (await pendingPushJobs(db)).length === 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mine = push.received.filter((entry) => entry.subscriptionId === crew.alexDevice.id);
      expect(mine.map((entry) => entry.payload.event).sort()).toEqual(['assigned', 'assigned', 'mentioned', 'mentioned', 'mentioned', 'mentioned']);
    } finally {
      await db.destroy();
      await second.stop('SIGTERM', { keepData: true });
      await first.stop();
    }
  }, 60_000);
});
