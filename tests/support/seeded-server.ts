import type { Page } from 'playwright-core';
import type { Session } from '../../src/protocol/api/models';
import { openDatabase } from '../../src/server/db/open-database';
import { seedOrganization, type SeedResult } from '../../src/server/seed/seed-organization';
import { createApiClient, type ApiClient } from './api-client';
import { startServer, type RunningServer } from './server-process';

/** A real server process (the production build) with one seeded organization, and its owner's API client. */
export type SeededServer = { server: RunningServer; api: ApiClient; session: Session; seeded: SeedResult };

export type SeedOptions = {
  org: string;
  conversations: number;
  messagesPerConversation: number;
  /** Extra environment for the server (e.g. SMTP_INBOUND_PORT for the email channel). */
  env?: Record<string, string>;
};

export async function startSeededServer(options: SeedOptions): Promise<SeededServer> {
  const server = await startServer({ database: 'sqlite', entry: 'build', ...(options.env ? { env: options.env } : {}) });
  try {
    return await seedOnServer(server, options);
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Seeds one more organization on a running server (through its database) and signs its owner in. */
export async function seedOnServer(server: RunningServer, options: Omit<SeedOptions, 'env'>): Promise<SeededServer> {
  const handle = openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
  let seeded: SeedResult;
  try {
    seeded = await seedOrganization(handle, options);
  } finally {
    await handle.db.destroy();
  }
  const login = await createApiClient(server.url).post<Session>('auth/login', {
    email: seeded.ownerEmail,
    password: seeded.password,
    domain: seeded.slug,
  });
  if (login.status !== 200) throw new Error(`Login failed: ${login.text}`);
  return { server, api: createApiClient(server.url, { token: login.body.token }), session: login.body, seeded };
}

/** Signs the seeded owner in through the login screen; resolves once the inbox URL is reached. */
export async function signInAsOwner(page: Page, seeded: Pick<SeedResult, 'ownerEmail' | 'password' | 'slug'>): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(seeded.ownerEmail);
  await page.getByLabel('Password').fill(seeded.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/${seeded.slug}/conversations**`, { timeout: 30_000 });
}
