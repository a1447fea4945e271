import { expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { MessagePage, ReplyResponse } from '../../src/protocol/api/conversation-requests';
import type { Session } from '../../src/protocol/api/models';
import { PENDING_MESSAGE_DELAY_S } from '../../src/protocol/constants';
import type { Conversation, Message } from '../../src/protocol/documents';
import { createApiClient, type ApiClient } from '../support/api-client';
import { openServerDatabase } from '../support/server-database';
import { startServer, type RunningServer } from '../support/server-process';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, seedInto, signUpTeam, signUpWithInbox } from './sync-fixtures';

const DELAY_MS = PENDING_MESSAGE_DELAY_S * 1000;
/** The grace these servers give a device that does not release its reply (RELEASE_GRACE_MS). */
const GRACE_MS = 8000;
const ENV = { JOB_POLL_MS: '200', RELEASE_GRACE_MS: String(GRACE_MS) };

/** A reply its device will release, whose delay ends `inMs` from now. */
const heldReply = (api: ApiClient, conversationId: number, inMs: number, message = `Held ${uid()}`) =>
  api.post<ReplyResponse>(`conversations/${conversationId}/reply`, {
    message,
    source: 'EMAIL',
    sent_at: Date.now() - DELAY_MS + inMs,
    awaits_release: true,
  });

async function messageOf(api: ApiClient, conversationId: number, id: string): Promise<Message | undefined> {
  const page = await api.get<MessagePage>(`conversations/${conversationId}/messages/?limit=100`);
  return page.body.messages.find((m) => m.id === id);
}

const undoPath = (conversationId: number, id: string) => `conversations/${conversationId}/messages/${id}/undo`;
const releasePath = (conversationId: number, id: string) => `conversations/${conversationId}/messages/${id}/release`;

describeEachDatabase('held sends released by their device', (database) => {
  const suite = useServerSuite(database, ENV);

  it('a reply awaiting release is not delivered at the end of its delay, and goes out once released', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const reply = await heldReply(inbox.api, target.id, 200);
    const id = reply.body.message.id;
    expect(reply.body.message).toMatchObject({ status: 'PENDING' });
    // Its delay is over, its grace is not: still held.
    const deliverAt = reply.body.message.deliver_at ?? 0;
    await expect.poll(() => Date.now() > deliverAt + 500, { interval: 100 }).toBe(true);
    expect((await messageOf(inbox.api, target.id, id))?.status).toBe('PENDING');

    const released = await inbox.api.post<Message>(releasePath(target.id, id));
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ id, status: 'PENDING' });
    await expect.poll(async () => (await messageOf(inbox.api, target.id, id))?.status, { timeout: 10_000, interval: 100 }).toBe('SENT');
    // A release of a sent reply answers it as it is.
    expect((await inbox.api.post<Message>(releasePath(target.id, id))).body).toMatchObject({ id, status: 'SENT' });
  });

  it('a release before the end of the delay does not send early', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const reply = await heldReply(inbox.api, target.id, 1500);
    const id = reply.body.message.id;
    await inbox.api.post(releasePath(target.id, id));
    const job = await suite.db().selectFrom('jobs').selectAll().where('ref', '=', id).executeTakeFirstOrThrow();
    expect(Number(job.run_at)).toBe(reply.body.message.deliver_at);
    await expect.poll(async () => (await messageOf(inbox.api, target.id, id))?.status, { timeout: 10_000, interval: 100 }).toBe('SENT');
  });

  it('a reply its device never releases goes out once the grace after its delay has passed', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const reply = await heldReply(inbox.api, target.id, 0);
    const id = reply.body.message.id;
    const job = await suite.db().selectFrom('jobs').selectAll().where('ref', '=', id).executeTakeFirstOrThrow();
    expect(Number(job.run_at)).toBeGreaterThanOrEqual(Number(reply.body.message.deliver_at) + GRACE_MS);
    await expect.poll(async () => (await messageOf(inbox.api, target.id, id))?.status, { timeout: 30_000, interval: 200 }).toBe('SENT');
  });

  it('an undo that arrives after the delay, before the release, wins, and a later release changes nothing', async () => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    // Pressed 15 s ago and only now arriving (its answer was lost, the network was down).
    const reply = await heldReply(inbox.api, target.id, -5000);
    const id = reply.body.message.id;
    const undo = await inbox.api.post<Message>(undoPath(target.id, id));
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ id, status: 'CANCELLED', deliver_at: null });
    expect((await inbox.api.post<Message>(releasePath(target.id, id))).body).toMatchObject({ id, status: 'CANCELLED' });
    // Its delivery job is cancelled, never claimed: it can never run.
    expect((await messageOf(inbox.api, target.id, id))?.status).toBe('CANCELLED');
    const job = await suite.db().selectFrom('jobs').selectAll().where('ref', '=', id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ done_at: null, attempts: 0 });
    expect(job.cancelled_at).not.toBeNull();
  });

  it('an undo after delivery began is refused with 409 and the reply stays sent', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const reply = await heldReply(inbox.api, target.id, 0);
    const id = reply.body.message.id;
    await inbox.api.post(releasePath(target.id, id));
    await expect.poll(async () => (await messageOf(inbox.api, target.id, id))?.status, { timeout: 10_000, interval: 100 }).toBe('SENT');
    const late = await inbox.api.post(undoPath(target.id, id));
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: API_ERRORS.messageAlreadySent });
  });

  it('only the author undoes or releases a held reply; a teammate gets 403 and the reply is untouched', async () => {
    const team = await signUpTeam(suite);
    const conversationId = team.conversations[0] ?? 0;
    const alex = suite.client(team.alex.token);
    const sam = suite.client(team.sam.token);
    const reply = await heldReply(alex, conversationId, 5000);
    const id = reply.body.message.id;
    for (const path of [undoPath(conversationId, id), releasePath(conversationId, id)]) {
      const refused = await sam.post(path);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: API_ERRORS.notYourReply });
    }
    expect((await messageOf(alex, conversationId, id))?.status).toBe('PENDING');
    const job = await suite.db().selectFrom('jobs').selectAll().where('ref', '=', id).executeTakeFirstOrThrow();
    expect(job.cancelled_at).toBeNull();
    expect((await alex.post<Message>(undoPath(conversationId, id))).body.status).toBe('CANCELLED');
  });

  it("an undone reply gives the conversation back its previous preview and place", async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 2);
    const target = firstConversation(inbox);
    const before = (await inbox.api.get<Conversation>(`conversations/${target.id}`)).body;
    const reply = await heldReply(inbox.api, target.id, 5000, 'Words I regret');
    const during = (await inbox.api.get<Conversation>(`conversations/${target.id}`)).body;
    expect(during.last_update).toBe('Words I regret');
    expect(during.last_update_ts).toBeGreaterThan(before.last_update_ts);

    await inbox.api.post(undoPath(target.id, reply.body.message.id));
    const after = (await inbox.api.get<Conversation>(`conversations/${target.id}`)).body;
    expect(after).toMatchObject({ last_update: before.last_update, last_update_ts: before.last_update_ts });
    const oldest = (await inbox.api.get<{ conversations: Conversation[] }>('conversations/?order=newest&limit=10')).body.conversations;
    expect(oldest.map((c) => c.id)).toEqual(inbox.conversations.map((c) => c.id));
  });

  it('held replies awaiting release survive a restart: an undo after it wins, a release after it delivers once', async ({ expect }) => {
    // A grace longer than a restart takes on a busy machine: the undo must arrive while it is held.
    const env = { ...ENV, RELEASE_GRACE_MS: '30000' };
    const first = await startServer({ database, env });
    let second: RunningServer | undefined;
    try {
      const created = await createApiClient(first.url).post<Session>('auth/create', {
        name: 'Restart',
        email: `restart-${uid()}@example.com`,
        password: 'restart password',
        organization_name: 'Restart',
        domain: `restart-${uid()}`,
      });
      await seedInto(first, created.body.organization.slug, 1, 2);
      const api = createApiClient(first.url, { token: created.body.token });
      const conversationId = (await api.get<{ conversations: { id: number }[] }>('conversations/')).body.conversations[0]?.id ?? 0;
      const undone = (await heldReply(api, conversationId, 300)).body.message.id;
      const released = (await heldReply(api, conversationId, 300)).body.message.id;
      expect(await first.stop('SIGTERM', { keepData: true })).toBe(0);

      second = await startServer({ database, reuse: first, env });
      const again = createApiClient(second.url, { token: created.body.token });
      const undo = await again.post<Message>(undoPath(conversationId, undone));
      expect([undo.status, undo.text]).toEqual([200, expect.stringContaining('CANCELLED')]);
      expect((await again.post<Message>(releasePath(conversationId, released))).status).toBe(200);
      await expect.poll(async () => (await messageOf(again, conversationId, released))?.status, { timeout: 15_000, interval: 200 }).toBe('SENT');
      expect((await messageOf(again, conversationId, undone))?.status).toBe('CANCELLED');
      const db = openServerDatabase(second);
      try {
        const updates = await db.selectFrom('changes').select(['action', 'doc']).where('doc_id', '=', released).orderBy('seq').execute();
        expect(updates.map((row) => row.action)).toEqual(['insert', 'update']);
        expect(updates[1]?.doc).toContain('"status":"SENT"');
        const job = await db.selectFrom('jobs').selectAll().where('ref', '=', undone).executeTakeFirstOrThrow();
        expect(job).toMatchObject({ done_at: null, attempts: 0 });
        expect(job.cancelled_at).not.toBeNull();
      } finally {
        await db.destroy();
      }
    } finally {
      if (second) expect(await second.stop()).toBe(0);
      else await first.stop();
    }
  }, 120_000);
});
