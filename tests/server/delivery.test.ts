import { expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { MessagePage, ReplyResponse } from '../../src/protocol/api/conversation-requests';
import type { Session } from '../../src/protocol/api/models';
import { PENDING_MESSAGE_DELAY_S } from '../../src/protocol/constants';
import type { Message } from '../../src/protocol/documents';
import { ERROR_TEXTS } from '../../src/protocol/error-texts';
import { createApiClient, type ApiClient } from '../support/api-client';
import { openServerDatabase } from '../support/server-database';
import { startServer, type RunningServer } from '../support/server-process';
import { openStream } from '../support/stream-client';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, seedInto, signUpWithInbox } from './sync-fixtures';

const DELAY_MS = PENDING_MESSAGE_DELAY_S * 1000;

/** A reply whose delay ends `inMs` from now, as if the agent had pressed send earlier. */
const replyDueIn = (api: ApiClient, conversationId: number, inMs: number, message = `Held ${uid()}`) =>
  api.post<ReplyResponse>(`conversations/${conversationId}/reply`, { message, source: 'EMAIL', sent_at: Date.now() - DELAY_MS + inMs });

async function messageStatus(api: ApiClient, conversationId: number, id: string): Promise<Message['status'] | undefined> {
  const page = await api.get<MessagePage>(`conversations/${conversationId}/messages/?limit=100`);
  return page.body.messages.find((m) => m.id === id)?.status;
}

describeEachDatabase('held sends', (database) => {
  const suite = useServerSuite(database, { JOB_POLL_MS: '200' });

  it('undo within the delay cancels the send for good', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const reply = await replyDueIn(inbox.api, target.id, 1500);
    expect(reply.body.message.status).toBe('PENDING');
    const undo = await inbox.api.post<Message>(`conversations/${target.id}/messages/${reply.body.message.id}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ id: reply.body.message.id, status: 'CANCELLED', deliver_at: null });

    // A second reply due after the undone one: once it is sent, the job runner has passed the
    // undone reply's time.
    const later = await replyDueIn(inbox.api, target.id, 1700);
    await expect.poll(() => messageStatus(inbox.api, target.id, later.body.message.id), { timeout: 15_000 }).toBe('SENT');
    expect(await messageStatus(inbox.api, target.id, reply.body.message.id)).toBe('CANCELLED');
    const job = await suite.db().selectFrom('jobs').selectAll().where('ref', '=', reply.body.message.id).executeTakeFirstOrThrow();
    expect(job.cancelled_at).not.toBeNull();
    expect(job.done_at).toBeNull();
    const docs = await suite.db().selectFrom('changes').select('doc').where('doc_id', '=', reply.body.message.id).execute();
    expect(docs.some((row) => row.doc.includes('"status":"SENT"'))).toBe(false);
    // Undoing again answers the undone message.
    expect((await inbox.api.post<Message>(`conversations/${target.id}/messages/${reply.body.message.id}/undo`)).body.status).toBe('CANCELLED');
  });

  it('a held message is delivered when its delay is over; undo after its delivery is refused with 409', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true });
    await socket.untilReady();
    const reply = await replyDueIn(inbox.api, target.id, 300);
    const id = reply.body.message.id;
    const sent = await socket.next((f) => f.col === 'messages' && f.document?.id === id && f.document.status === 'SENT');
    expect(sent.document).toMatchObject({ status: 'SENT', deliver_at: null });
    await socket.close();
    const late = await inbox.api.post(`conversations/${target.id}/messages/${id}/undo`);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: API_ERRORS.messageAlreadySent });
  });

  it('only a message can be undone', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const note = await inbox.api.post<Message>(`conversations/${target.id}/notes`, { message: 'a note' });
    for (const id of [note.body.id, 'abc', 'n-1', '42']) {
      const response = await inbox.api.post(`conversations/${target.id}/messages/${id}/undo`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: ERROR_TEXTS.undoNotMessage });
    }
    expect((await inbox.api.post(`conversations/${target.id}/messages/m-999999999/undo`)).status).toBe(404);
  });

  it('a held send survives a restart and is delivered exactly once', { timeout: 90_000 }, async ({ expect }) => {
    const first = await startServer({ database, env: { JOB_POLL_MS: '200' } });
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
      const reply = await replyDueIn(api, conversationId, 2500);
      expect(reply.body.message.status).toBe('PENDING');
      expect(await first.stop('SIGTERM', { keepData: true })).toBe(0);

      second = await startServer({ database, reuse: first, env: { JOB_POLL_MS: '200' } });
      const again = createApiClient(second.url, { token: created.body.token });
      const id = reply.body.message.id;
      await expect.poll(() => messageStatus(again, conversationId, id), { timeout: 15_000, interval: 250 }).toBe('SENT');
      const db = openServerDatabase(second);
      try {
        const updates = await db.selectFrom('changes').select(['action', 'doc']).where('doc_id', '=', id).orderBy('seq').execute();
        expect(updates.map((row) => row.action)).toEqual(['insert', 'update']);
        expect(updates[1]?.doc).toContain('"status":"SENT"');
        const jobs = await db.selectFrom('jobs').selectAll().where('ref', '=', id).execute();
        expect(jobs).toHaveLength(1);
        expect(jobs[0]?.done_at).not.toBeNull();
      } finally {
        await db.destroy();
      }
    } finally {
      if (second) expect(await second.stop()).toBe(0);
      else await first.stop();
    }
  });

  it.skipIf(database !== 'postgres')('two instances on one PostgreSQL: a change through A reaches a socket on B; a held send is delivered once', { timeout: 90_000 }, async () => {
    const other = await startServer({ database: 'postgres', reuse: suite.server, env: { JOB_POLL_MS: '200' } });
    try {
      const inbox = await signUpWithInbox(suite, 1);
      const target = firstConversation(inbox);
      const onB = openStream(other.url, { token: inbox.session.token, init: true });
      await onB.untilReady();
      const tagged = await inbox.api.post(`conversations/${target.id}/tags`, { name: `Across ${uid()}` });
      expect(tagged.status).toBe(200);
      const frame = await onB.next((f) => f.col === 'conversations');
      expect(frame.document).toMatchObject({ id: target.id });

      const reply = await replyDueIn(inbox.api, target.id, 500);
      await onB.next((f) => f.col === 'messages' && f.document?.id === reply.body.message.id && f.document.status === 'SENT');
      await onB.close();
      const updates = await suite.db().selectFrom('changes').select('action').where('doc_id', '=', reply.body.message.id).execute();
      expect(updates.map((row) => row.action)).toEqual(['insert', 'update']);
    } finally {
      await other.stop('SIGTERM', { keepData: true });
    }
  });
});
