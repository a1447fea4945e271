import { expect, it } from 'vitest';
import type { Organization, Session } from '../../src/protocol/api/models';
import { TRIAL_DAYS } from '../../src/protocol/constants';
import { createApiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server-process';
import { describeEachDatabase, uid } from './server-suite';

const signUp = (server: RunningServer) =>
  createApiClient(server.url).post<Session>('auth/create', {
    name: 'Plan owner',
    email: `plan-${uid()}@example.com`,
    password: 'plan owner password',
    organization_name: 'Plan',
    domain: `plan-${uid()}`,
  });

describeEachDatabase('the plan an install gives its organizations', (database) => {
  it('a hosted install starts a new organization on a trial; once self-hosted, the same organization is premium with no trial', { timeout: 90_000 }, async () => {
    const hosted = await startServer({ database, env: { HOSTING: 'hosted' } });
    let selfHosted: RunningServer | undefined;
    try {
      const before = Date.now();
      const created = await signUp(hosted);
      expect(created.status).toBe(201);
      expect(created.body.organization.is_premium).toBe(false);
      expect(Math.round(((created.body.organization.trial_ends_at ?? 0) - before) / 86_400_000)).toBe(TRIAL_DAYS);
      expect(await hosted.stop('SIGTERM', { keepData: true })).toBe(0);

      selfHosted = await startServer({ database, reuse: hosted });
      const organization = await createApiClient(selfHosted.url, { token: created.body.token }).get<Organization>('organization/');
      expect(organization.body).toMatchObject({ slug: created.body.organization.slug, is_premium: true, trial_ends_at: null });
      const another = await signUp(selfHosted);
      expect(another.body.organization).toMatchObject({ is_premium: true, trial_ends_at: null });
    } finally {
      if (selfHosted) expect(await selfHosted.stop()).toBe(0);
      else await hosted.stop();
    }
  });

  it('refuses to start with a HOSTING it does not know, naming the choices', async () => {
    const server = startServer({ database, env: { HOSTING: 'cloud' } });
    await expect(server).rejects.toThrow(/HOSTING must be self-hosted or hosted/);
  });
});
