import { expect, it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import type { Session } from '../../src/protocol/api/models';
import type { Conversation } from '../../src/protocol/documents';
import { DEFAULT_INBOX_QUERY } from '../../src/protocol/inbox-query/inbox-query';
import { createApiClient, type ApiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server-process';
import { openWidget } from '../support/widget-client';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, seedInto, signUpWithInbox } from './sync-fixtures';

async function listed(api: ApiClient, query: string): Promise<number[]> {
  const page = await api.get<ConversationPage>(`conversations/?limit=1000&search=${encodeURIComponent(query)}`);
  expect(page.status).toBe(200);
  return page.body.conversations.map((c) => c.id);
}

const snoozedUntil = async (api: ApiClient, id: number) => (await api.get<Conversation>(`conversations/${id}`)).body.snoozed_until;

describeEachDatabase('snooze', (database) => {
  const suite = useServerSuite(database, { JOB_POLL_MS: '200' });

  it('a snoozed conversation leaves the inbox lists and their counts, and is listed under is:snoozed', async () => {
    const inbox = await signUpWithInbox(suite, 3, 1);
    const target = firstConversation(inbox);
    await inbox.api.post(`conversations/${target.id}/status`, { status: 'OPENED' });
    await inbox.api.post(`conversations/${target.id}/assign`, { agent_id: null });
    expect(await listed(inbox.api, DEFAULT_INBOX_QUERY)).toContain(target.id);

    const until = Date.now() + 3600_000;
    const snoozed = await inbox.api.post<Conversation>(`conversations/${target.id}/snooze`, { until });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.snoozed_until).toBe(until);
    expect(await listed(inbox.api, DEFAULT_INBOX_QUERY)).not.toContain(target.id);
    expect(await listed(inbox.api, 'order:priority')).not.toContain(target.id);
    expect(await listed(inbox.api, 'is:snoozed')).toEqual([target.id]);
    // A plain listing (the API's, not an inbox) still has every conversation.
    expect((await inbox.api.get<ConversationPage>('conversations/?limit=100')).body.conversations.map((c) => c.id)).toContain(target.id);

    const back = await inbox.api.post<Conversation>(`conversations/${target.id}/snooze`, { until: null });
    expect(back.body.snoozed_until).toBeNull();
    expect(await listed(inbox.api, DEFAULT_INBOX_QUERY)).toContain(target.id);
  });

  it('refuses a time in the past or beyond a year, bad bodies, and another organization’s conversation', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const other = await signUpWithInbox(suite, 1, 1);
    const target = firstConversation(inbox);
    const past = await inbox.api.post(`conversations/${target.id}/snooze`, { until: Date.now() - 1000 });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ errors: { until: 'must be in the future' } });
    expect((await inbox.api.post(`conversations/${target.id}/snooze`, { until: Date.now() + 400 * 24 * 3600_000 })).status).toBe(400);
    expect((await inbox.api.post(`conversations/${target.id}/snooze`, { until: 'tomorrow' })).status).toBe(400);
    expect((await inbox.api.post(`conversations/${target.id}/snooze`, {})).status).toBe(400);
    const foreign = await other.api.post(`conversations/${target.id}/snooze`, { until: Date.now() + 60_000 });
    expect(foreign.status).toBe(404);
    expect(await snoozedUntil(inbox.api, target.id)).toBeNull();
  });

  it('comes back by itself at its time, in one feed change', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const target = firstConversation(inbox);
    await inbox.api.post(`conversations/${target.id}/snooze`, { until: Date.now() + 1200 });
    expect(await snoozedUntil(inbox.api, target.id)).not.toBeNull();
    await expect.poll(() => snoozedUntil(inbox.api, target.id), { timeout: 15_000, interval: 200 }).toBeNull();
    const jobs = await suite.db().selectFrom('jobs').selectAll().where('kind', '=', 'wake_conversation').where('ref', '=', String(target.id)).execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.done_at).not.toBeNull();
  });

  it('a later snooze replaces an earlier one: the earlier time does not wake it', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const target = firstConversation(inbox);
    await inbox.api.post(`conversations/${target.id}/snooze`, { until: Date.now() + 800 });
    const later = Date.now() + 3600_000;
    await inbox.api.post(`conversations/${target.id}/snooze`, { until: later });
    const jobs = await suite.db().selectFrom('jobs').selectAll().where('kind', '=', 'wake_conversation').where('ref', '=', String(target.id)).orderBy('id').execute();
    expect(jobs.map((job) => job.cancelled_at !== null)).toEqual([true, false]);
    expect(await snoozedUntil(inbox.api, target.id)).toBe(later);
  });

  it('comes back early when the customer writes', async ({ expect }) => {
    const owner = await suite.signUp();
    const chat = { enabled: true, color: '#0f766e', greeting: 'Hello!' };
    expect((await owner.api.request('PUT', 'organization/chat', { body: chat })).status).toBe(200);
    const ip = `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const widget = openWidget(suite.server.url, { org: owner.domain, ip });
    const ready = await widget.ready();
    widget.send({ action: 'send', client_id: `c-${uid()}${uid()}`, text: 'Hello, my parcel is late' });
    await expect.poll(async () => (await owner.api.get<ConversationPage>('conversations/')).body.conversations.length, { timeout: 10_000 }).toBe(1);
    const id = (await owner.api.get<ConversationPage>('conversations/')).body.conversations[0]?.id ?? 0;
    await owner.api.post(`conversations/${id}/snooze`, { until: Date.now() + 3600_000 });
    expect(await snoozedUntil(owner.api, id)).not.toBeNull();

    widget.send({ action: 'send', client_id: `c-${uid()}${uid()}`, text: 'Any news?' });
    await expect.poll(() => snoozedUntil(owner.api, id), { timeout: 10_000 }).toBeNull();
    expect(ready.visitor).toBeTruthy();
    await widget.close();
  });

  it('a snooze survives a restart and wakes once', { timeout: 90_000 }, async ({ expect }) => {
    const first = await startServer({ database, env: { JOB_POLL_MS: '200' } });
    let second: RunningServer | undefined;
    try {
      const created = await createApiClient(first.url).post<Session>('auth/create', {
        name: 'Snooze restart',
        email: `snooze-${uid()}@example.com`,
        password: 'snooze restart password',
        organization_name: 'Snooze restart',
        domain: `snooze-${uid()}`,
      });
      await seedInto(first, created.body.organization.slug, 1, 1);
      const api = createApiClient(first.url, { token: created.body.token });
      const id = (await api.get<ConversationPage>('conversations/')).body.conversations[0]?.id ?? 0;
      const until = Date.now() + 10_000;
      expect((await api.post(`conversations/${id}/snooze`, { until })).status).toBe(200);
      expect(await first.stop('SIGTERM', { keepData: true })).toBe(0);
      // Stopped before its time: whatever wakes it is the next process, from the jobs table.
      expect(Date.now()).toBeLessThan(until);

      second = await startServer({ database, reuse: first, env: { JOB_POLL_MS: '200' } });
      const again = createApiClient(second.url, { token: created.body.token });
      await expect.poll(() => snoozedUntil(again, id), { timeout: 30_000, interval: 250 }).toBeNull();
      expect(Date.now()).toBeGreaterThanOrEqual(until);
    } finally {
      if (second) expect(await second.stop()).toBe(0);
      else await first.stop();
    }
  });
});
