import { expect, it } from 'vitest';
import type { ConversationPage, MessagePage } from '../../src/protocol/api/conversation-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Message } from '../../src/protocol/documents';
import { CONTENT_ID_HEADER, MUTATION_HEADER, STREAM_HEADER } from '../../src/protocol/realtime';
import { parseMetrics } from '../support/metrics';
import { openStream, type StreamFrame } from '../support/stream-client';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox } from './sync-fixtures';

const BUILD_ID = 'stream-test-build';
const METRICS_TOKEN = 'metrics-secret';

const docs = (frames: StreamFrame[], col: string) => frames.filter((f) => f.action === 'fetch' && f.col === col).flatMap((f) => f.documents ?? []);

describeEachDatabase('realtime stream', (database) => {
  const suite = useServerSuite(database, { BUILD_ID, METRICS_TOKEN });
  const stream = (token: string, params: { session?: string; cursor?: number; init?: boolean } = {}) =>
    openStream(suite.server.url, { token, init: params.cursor === undefined, ...params });

  it('a first connect gets VERSION, RESET, the first screen, every document in fetch batches, then READY with the feed cursor', async () => {
    const inbox = await signUpWithInbox(suite, 3, 2);
    const note = await inbox.api.post<Message>(`conversations/${firstConversation(inbox).id}/notes`, { message: 'gone soon' });
    await inbox.api.delete(`conversations/${firstConversation(inbox).id}/notes/${note.body.id}`);
    const socket = stream(inbox.session.token);
    expect(await socket.next()).toEqual({ action: 'VERSION', version: BUILD_ID });
    expect(await socket.next()).toEqual({ action: 'RESET' });
    const { before, ready } = await socket.untilReady();
    expect(before.map((frame) => frame.action).filter((action) => action !== 'fetch')).toEqual(['PAINT', 'COUNTS', 'PAINT']);
    expect(new Set(before.map((frame) => frame.col).filter(Boolean))).toEqual(new Set(['contacts', 'tags', 'conversations', 'messages']));
    expect(docs(before, 'conversations').map((c) => c.id).sort()).toEqual(inbox.conversations.map((c) => c.id).sort());
    const messages = docs(before, 'messages');
    expect(messages.filter((m) => m.type === 'MESSAGE')).toHaveLength(6);
    expect(messages.map((m) => m.id)).not.toContain(note.body.id);
    const { latest } = await suite
      .db()
      .selectFrom('changes')
      .select((eb) => eb.fn.max('org_seq').as('latest'))
      .where('org_id', '=', inbox.session.organization.id)
      .executeTakeFirstOrThrow();
    expect(ready).toEqual({ action: 'READY', cursor: Number(latest), document: { window_days: 90, reply_hold_s: 10 } });
    await socket.close();
  });

  it('reconnecting with the READY cursor replays exactly the missed changes in order, then READY, then live changes', async () => {
    const inbox = await signUpWithInbox(suite, 2);
    const target = firstConversation(inbox);
    const first = stream(inbox.session.token);
    const { ready } = await first.untilReady();
    await first.close();

    await inbox.api.post(`conversations/${target.id}/tags`, { name: `Missed ${uid()}` });
    const note = await inbox.api.post<Message>(`conversations/${target.id}/notes`, { message: 'while you were away' });
    await inbox.api.post(`conversations/${target.id}/status`, { status: target.status === 'CLOSED' ? 'OPENED' : 'CLOSED' });

    const again = stream(inbox.session.token, { cursor: ready.cursor ?? -1, init: false });
    expect((await again.next()).action).toBe('VERSION');
    const { before, ready: readyAgain } = await again.untilReady();
    expect(before.map((f) => `${f.action} ${f.col ?? ''}`)).toEqual([
      'insert tags',
      'update conversations',
      'insert messages',
      'update conversations',
      'update conversations',
    ]);
    const cursors = before.map((f) => f.cursor ?? 0);
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(cursors[0]).toBeGreaterThan(ready.cursor ?? 0);
    expect(before[2]?.document).toMatchObject({ id: note.body.id, version: cursors[2] });
    expect(readyAgain.cursor).toBe(cursors.at(-1));

    const mutationId = `mutation-${uid()}`;
    const assigned = await inbox.api.post(
      `conversations/${target.id}/assign`,
      { agent_id: inbox.session.agent.id },
      { headers: { [SESSION_HEADER]: 'tab-session', [MUTATION_HEADER]: mutationId } },
    );
    expect(assigned.status).toBe(200);
    const live = await again.next();
    expect(live).toMatchObject({
      action: 'update',
      col: 'conversations',
      document: { id: target.id, agent_id: inbox.session.agent.id },
      mutation_id: mutationId,
    });
    expect(live.cursor).toBeGreaterThan(readyAgain.cursor ?? 0);
    await again.close();
  });

  it('an unknown or too new cursor gets RESET and the whole bootstrap', async () => {
    const inbox = await signUpWithInbox(suite, 1);
    for (const cursor of [999_999_999, 0]) {
      const socket = stream(inbox.session.token, { cursor, init: false });
      await socket.next();
      const frames = await socket.untilReady();
      if (cursor === 999_999_999) expect(frames.before[0]).toEqual({ action: 'RESET' });
      expect(frames.before.length).toBeGreaterThan(0);
      await socket.close();
    }
    const query = new URLSearchParams({ token: inbox.session.token, cursor: 'yesterday', session: 'x'.repeat(500) });
    const garbage = openStream(suite.server.url, { token: inbox.session.token });
    await garbage.next((f) => f.action === 'RESET');
    await garbage.close();
    const { WebSocket } = await import('ws');
    const raw = new WebSocket(`${suite.server.url.replace(/^http/, 'ws')}/stream?${query.toString()}`);
    const frames: string[] = [];
    await new Promise<void>((resolve, reject) => {
      raw.on('message', (data) => {
        frames.push(Buffer.isBuffer(data) ? data.toString('utf8') : '');
        if (frames.at(-1)?.includes('"READY"')) resolve();
      });
      raw.on('close', (code) => reject(new Error(`closed ${code}`)));
    });
    raw.close();
    expect(frames[1]).toBe('{"action":"RESET"}');
  });

  it('every socket of the organization gets each change once, in order; other organizations get none of it', async () => {
    const inbox = await signUpWithInbox(suite, 1);
    const outsider = await signUpWithInbox(suite, 1);
    const sockets = [stream(inbox.session.token), stream(inbox.session.token), stream(inbox.session.token)];
    const theirs = stream(outsider.session.token);
    await Promise.all([...sockets, theirs].map((s) => s.untilReady()));
    const target = firstConversation(inbox);

    const tags = Array.from({ length: 5 }, (_, i) => `Burst ${i} ${uid()}`);
    await Promise.all(tags.map((name) => inbox.api.post(`conversations/${target.id}/tags`, { name })));
    await outsider.api.post(`conversations/${firstConversation(outsider).id}/read`);
    for (const socket of sockets) {
      const received: StreamFrame[] = [];
      while (received.filter((f) => f.col === 'conversations').length < tags.length) received.push(await socket.next());
      const cursors = received.map((f) => f.cursor ?? 0);
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
      expect(received.every((f) => f.col === 'tags' || f.document?.id === target.id)).toBe(true);
    }
    // A change of our own after theirs: once it arrives, theirs would have too.
    await outsider.api.post(`conversations/${firstConversation(outsider).id}/tags`, { name: `Theirs ${uid()}` });
    await theirs.next((f) => f.col === 'conversations');
    expect(theirs.frames.some((f) => f.document?.id === target.id || (f.col === 'tags' && String(f.document?.slug).startsWith('burst')))).toBe(false);
    await Promise.all([...sockets, theirs].map((s) => s.close()));
  });

  it('answers PING with PONG and ignores unknown or malformed client messages', async () => {
    const inbox = await signUpWithInbox(suite, 1);
    const socket = stream(inbox.session.token);
    await socket.untilReady();
    socket.send('{"action":"TELEPORT","to":"mars"}');
    socket.send('not json at all');
    socket.send('{"no":"action"}');
    socket.send('PING');
    expect(await socket.next()).toEqual({ text: 'PONG' });
    await socket.close();
  });

  it('a bad, revoked or missing token closes with 4001 and a JSON reason', async () => {
    const inbox = await signUpWithInbox(suite, 1);
    const reason = JSON.stringify({ code: '401', error: 'Not signed in.' });
    expect(await stream('not-a-token').closed).toEqual({ code: 4001, reason });
    expect(await openStream(suite.server.url, { token: '' }).closed).toEqual({ code: 4001, reason });
    await inbox.api.post('auth/clear', { token: inbox.session.token });
    expect(await stream(inbox.session.token).closed).toEqual({ code: 4001, reason });
    const removed = await suite.signUp();
    await suite.db().updateTable('agents').set({ is_removed: 1 }).where('id', '=', removed.session.agent.id).execute();
    expect(await stream(removed.session.token).closed).toEqual({ code: 4001, reason });
  });

  it('an open socket closes with 4001 when its session is signed out or its agent removed', async () => {
    const reason = JSON.stringify({ code: '401', error: 'Not signed in.' });
    const owner = await signUpWithInbox(suite, 1);
    const signedOut = stream(owner.session.token);
    await signedOut.untilReady();
    await owner.api.post('auth/clear', { token: owner.session.token });
    expect(await signedOut.closed).toEqual({ code: 4001, reason });

    const inbox = await signUpWithInbox(suite, 1);
    await inbox.api.post(`agents/invite/${encodeURIComponent(`mate-${uid()}@example.com`)}`, { roles: [] });
    const invite = await suite.mail.waitFor((mail) => mail.links.some((link) => link.includes('/invite/')));
    const inviteToken = invite.links.find((link) => link.includes('/invite/'))?.split('/invite/')[1] ?? '';
    const joined = await suite.client().post<{ token: string; agent: { email: string } }>(`invites/${inviteToken}/accept`, {
      name: 'Mate',
      password: 'a good password',
    });
    const mate = stream(joined.body.token);
    await mate.untilReady();
    await inbox.api.delete(`agents/${encodeURIComponent(joined.body.agent.email)}`);
    expect(await mate.closed).toEqual({ code: 4001, reason });
  });

  it('a streamed GET answers 202 and sends fetch then DONE (or ERROR) to the client session socket; without one, 200', async () => {
    const inbox = await signUpWithInbox(suite, 3);
    const session = `session-${uid()}`;
    const socket = stream(inbox.session.token, { session });
    await socket.untilReady();
    const headers = { [SESSION_HEADER]: session, [STREAM_HEADER]: '1', [CONTENT_ID_HEADER]: 'list-1' };

    const listed = await inbox.api.get<{ target_id: string }>('conversations/?limit=2', { headers });
    expect(listed.status).toBe(202);
    expect(listed.body).toEqual({ target_id: 'list-1' });
    const fetched = await socket.next((f) => f.target_id === 'list-1');
    expect(fetched).toMatchObject({ action: 'fetch', col: 'conversations', target_id: 'list-1' });
    expect(fetched.documents).toHaveLength(2);
    const done = await socket.next((f) => f.target_id === 'list-1');
    expect(done).toEqual({ action: 'DONE', target_id: 'list-1', document: { next_cursor: expect.any(String) as string } });

    const target = firstConversation(inbox);
    const withoutId = { [SESSION_HEADER]: session, [STREAM_HEADER]: '1' };
    const thread = await inbox.api.get<{ target_id: string }>(`conversations/${target.id}/messages/?limit=2`, { headers: withoutId });
    expect(thread.status).toBe(202);
    const messages = await socket.next((f) => f.target_id === thread.body.target_id);
    expect(messages).toMatchObject({ action: 'fetch', col: 'messages' });
    expect(await socket.next((f) => f.target_id === thread.body.target_id)).toEqual({
      action: 'DONE',
      target_id: thread.body.target_id,
      document: { has_more: true },
    });

    const failing = await inbox.api.get('conversations/999999999/messages/', { headers: { ...headers, [CONTENT_ID_HEADER]: 'bad-1' } });
    expect(failing.status).toBe(202);
    expect(await socket.next((f) => f.target_id === 'bad-1')).toEqual({
      action: 'ERROR',
      target_id: 'bad-1',
      document: { error: 'Not found.', status: 404 },
    });

    const plain = await inbox.api.get<ConversationPage>('conversations/?limit=2', { headers: { ...headers, [SESSION_HEADER]: 'no-socket' } });
    expect(plain.status).toBe(200);
    expect(plain.body.conversations).toHaveLength(2);
    const outsider = await suite.signUp();
    const hijack = await outsider.api.get<MessagePage>('conversations/', { headers });
    expect(hijack.status).toBe(200);
    await socket.close();
  });

  it('GET /metrics needs METRICS_TOKEN when set and reports sockets, sessions, feed rows, mutations and jobs', async () => {
    const inbox = await signUpWithInbox(suite, 1);
    expect((await fetch(`${suite.server.url}/metrics`)).status).toBe(401);
    const socket = stream(inbox.session.token, { session: `session-${uid()}` });
    await socket.untilReady();
    await inbox.api.post(`conversations/${firstConversation(inbox).id}/reply`, { message: 'counted', source: 'EMAIL' });
    await socket.next((f) => f.col === 'messages');
    const response = await fetch(`${suite.server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const { value } = parseMetrics(await response.text());
    expect(value('inbox_stream_sockets')).toBeGreaterThanOrEqual(1);
    expect(value('inbox_stream_sessions')).toBeGreaterThanOrEqual(1);
    expect(value('inbox_feed_rows_sent_total')).toBeGreaterThanOrEqual(1);
    expect(value('inbox_mutations_total', { result: 'applied' })).toBeGreaterThanOrEqual(1);
    expect(value('inbox_mutations_total', { result: 'replayed' })).toBeGreaterThanOrEqual(0);
    expect(value('inbox_mutations_total', { result: 'failed' })).toBeGreaterThanOrEqual(0);
    expect(value('inbox_delivery_jobs_pending')).toBeGreaterThanOrEqual(1);
    expect(value('process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(value('process_cpu_seconds_total')).toBeGreaterThan(0);
    await socket.close();
  });
});
