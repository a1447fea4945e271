import { expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { ConversationPage, MessagePage, ReplyResponse } from '../../src/protocol/api/conversation-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import { PENDING_MESSAGE_DELAY_S } from '../../src/protocol/constants';
import type { Contact, Conversation, ConversationStatistics, Message, Tag } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { readMetrics } from '../support/metrics';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox } from './sync-fixtures';

const mutation = (session = `session-${uid()}`) => ({ [SESSION_HEADER]: session, [MUTATION_HEADER]: `mutation-${uid()}` });

describeEachDatabase('conversations', (database) => {
  const suite = useServerSuite(database);

  it('lists conversations in pages by cursor, ordered, searched and filtered', async () => {
    const inbox = await signUpWithInbox(suite, 7);
    const all = await inbox.api.get<ConversationPage>('conversations/?limit=100');
    expect(all.body.conversations).toHaveLength(7);
    expect(all.body.next_cursor).toBeNull();
    const newest = all.body.conversations.map((c) => c.last_update_ts);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));

    const first = await inbox.api.get<ConversationPage>('conversations/?limit=3');
    expect(first.body.conversations).toHaveLength(3);
    const second = await inbox.api.get<ConversationPage>(`conversations/?limit=3&cursor=${first.body.next_cursor ?? ''}`);
    const third = await inbox.api.get<ConversationPage>(`conversations/?limit=3&cursor=${second.body.next_cursor ?? ''}`);
    expect(third.body.next_cursor).toBeNull();
    const paged = [...first.body.conversations, ...second.body.conversations, ...third.body.conversations].map((c) => c.id);
    expect(paged).toEqual(all.body.conversations.map((c) => c.id));

    const oldest = await inbox.api.get<ConversationPage>('conversations/?order=oldest&limit=100');
    expect(oldest.body.conversations.map((c) => c.id)).toEqual([...paged].reverse());
    const priority = await inbox.api.get<ConversationPage>('conversations/?order=priority&limit=100');
    const priorities = priority.body.conversations.map((c) => c.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));

    const target = firstConversation(inbox);
    const bySubject = await inbox.api.get<ConversationPage>(`conversations/?search=${encodeURIComponent(`"${target.subject.slice(2, 12).toUpperCase()}"`)}`);
    expect(bySubject.body.conversations.map((c) => c.id)).toContain(target.id);
    const contact = await inbox.api.get<Contact>(`contacts/${target.contact_id}`);
    const byEmail = await inbox.api.get<ConversationPage>(`conversations/?search=${encodeURIComponent(contact.body.email ?? '')}`);
    expect(byEmail.body.conversations.map((c) => c.id)).toContain(target.id);
    expect((await inbox.api.get<ConversationPage>('conversations/?search=%25%25nothing_like_this')).body.conversations).toEqual([]);

    await inbox.api.post(`conversations/${target.id}/assign`, { agent_id: inbox.session.agent.id });
    await inbox.api.post(`conversations/${target.id}/status`, { status: 'WAITING' });
    const mine = await inbox.api.get<ConversationPage>('conversations/?assignee=me&status=WAITING');
    expect(mine.body.conversations.map((c) => c.id)).toContain(target.id);
    expect(mine.body.conversations.every((c) => c.agent_id === inbox.session.agent.id && c.status === 'WAITING')).toBe(true);
    const none = await inbox.api.get<ConversationPage>('conversations/?assignee=none&limit=100');
    expect(none.body.conversations.every((c) => c.agent_id === null)).toBe(true);

    const bad = await inbox.api.get('conversations/?cursor=nonsense&order=sideways');
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('errors.order');
    expect((await inbox.api.get('conversations/?cursor=bm9uc2Vuc2U')).body).toEqual({ errors: { cursor: 'is invalid' } });
  });

  it('reads one conversation, its messages page by page, its contact, the tags and the statistics', async () => {
    const inbox = await signUpWithInbox(suite, 2, 7);
    const target = firstConversation(inbox);
    expect((await inbox.api.get<Conversation>(`conversations/${target.id}`)).body).toEqual(target);

    const page = await inbox.api.get<MessagePage>(`conversations/${target.id}/messages/?limit=4`);
    expect(page.body.has_more).toBe(true);
    const older = await inbox.api.get<MessagePage>(`conversations/${target.id}/messages/?limit=20&before=${page.body.messages[0]?.id ?? ''}`);
    const thread = [...older.body.messages, ...page.body.messages];
    expect(older.body.has_more).toBe(false);
    expect(thread.filter((m) => m.type === 'MESSAGE')).toHaveLength(7);
    const times = thread.map((m) => m.timestamp_ts);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(thread.every((m) => /^[mn]-[0-9]+$/.test(m.id) && m.conversation_id === target.id)).toBe(true);

    const contact = await inbox.api.get<Contact>(`contacts/${target.contact_id}`);
    expect(contact.body).toMatchObject({ id: target.contact_id, name: expect.any(String) as string, version: expect.any(Number) as number });
    const tags = await inbox.api.get<Tag[]>('tags/');
    expect(tags.body.map((t) => t.slug)).toEqual(expect.arrayContaining(['billing', 'bug', 'feature-request', 'urgent']));

    const unread = (await inbox.api.get<ConversationPage>('conversations/?limit=100')).body.conversations.filter(
      (c) => c.is_unread && c.status === 'OPENED' && (c.agent_id === null || c.agent_id === inbox.session.agent.id),
    );
    const statistics = await inbox.api.get<ConversationStatistics>('conversations/status');
    expect(statistics.body).toEqual({ statistics: { default: unread.length }, first_conversation: expect.any(Number) as number, reading_time: null });
  });

  it('a reply is held PENDING for the delay counted from when it was sent; a chat reply goes out at once', async () => {
    const inbox = await signUpWithInbox(suite, 2);
    const target = firstConversation(inbox);
    const before = Date.now();
    const reply = await inbox.api.post<ReplyResponse>(`conversations/${target.id}/reply`, { message: 'Thanks, on it!', target_id: 'tmp-1', source: 'EMAIL' });
    expect(reply.status).toBe(201);
    const message = reply.body.message;
    expect(reply.body.generated_id).toBe(message.id);
    expect(message).toMatchObject({ type: 'MESSAGE', status: 'PENDING', delay: PENDING_MESSAGE_DELAY_S, target_id: 'tmp-1', agent_id: inbox.session.agent.id });
    expect(message.id).toMatch(/^m-[0-9]+$/);
    expect(message.deliver_at).toBeGreaterThanOrEqual(before + PENDING_MESSAGE_DELAY_S * 1000);

    const sentAt = Date.now() - 4000;
    const offline = await inbox.api.post<ReplyResponse>(`conversations/${target.id}/reply`, { message: 'Written offline', sent_at: sentAt, source: 'EMAIL' });
    expect(offline.body.message.deliver_at).toBe(sentAt + PENDING_MESSAGE_DELAY_S * 1000);
    const ancient = await inbox.api.post<ReplyResponse>(`conversations/${target.id}/reply`, { message: 'Very old', sent_at: 1000, source: 'EMAIL' });
    expect(ancient.body.message.deliver_at).toBeGreaterThan(Date.now() - 24 * 3600_000);

    const chat = await inbox.api.post<ReplyResponse>(`conversations/${target.id}/reply`, { message: 'Hello from chat', source: 'CHAT' });
    expect(chat.body.message).toMatchObject({ status: 'SENT', delay: 0, deliver_at: null, source: 'CHAT' });

    const updated = await inbox.api.get<Conversation>(`conversations/${target.id}`);
    expect(updated.body.last_update).toBe('Hello from chat');
    expect(updated.body.version).toBeGreaterThan(target.version);
    expect((await inbox.api.post(`conversations/${target.id}/whisper`, { message: 'x' })).status).toBe(404);
    expect((await inbox.api.post(`conversations/${target.id}/reply`, { message: '  ' })).body).toEqual({ errors: { message: 'is required' } });
  });

  it('notes are added, edited and deleted; a deleted note leaves the thread', async () => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const added = await inbox.api.post<Message>(`conversations/${target.id}/notes`, { message: 'Customer is on the old plan' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ type: 'NOTE', status: 'SENT', message: 'Customer is on the old plan' });
    expect(added.body.id).toMatch(/^n-[0-9]+$/);

    const edited = await inbox.api.patch<Message>(`conversations/${target.id}/notes/${added.body.id}`, { message: 'Customer is on the 2019 plan' });
    expect(edited.body).toMatchObject({ id: added.body.id, message: 'Customer is on the 2019 plan' });
    expect(edited.body.version).toBeGreaterThan(added.body.version);

    expect((await inbox.api.delete(`conversations/${target.id}/notes/${added.body.id}`)).status).toBe(204);
    const thread = await inbox.api.get<MessagePage>(`conversations/${target.id}/messages/`);
    expect(thread.body.messages.map((m) => m.id)).not.toContain(added.body.id);
    expect((await inbox.api.delete(`conversations/${target.id}/notes/${added.body.id}`)).status).toBe(404);
    const messageId = thread.body.messages.find((m) => m.type === 'MESSAGE')?.id ?? '';
    expect((await inbox.api.patch(`conversations/${target.id}/notes/${messageId}`, { message: 'x' })).status).toBe(404);

    const feed = await suite.db().selectFrom('changes').select(['action', 'col']).where('doc_id', '=', added.body.id).orderBy('seq').execute();
    expect(feed).toEqual([
      { action: 'insert', col: 'messages' },
      { action: 'update', col: 'messages' },
      { action: 'delete', col: 'messages' },
    ]);
  });

  it('tags are added only if absent and removed only if present; status, assignee and read change the conversation', async () => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const tagged = await inbox.api.post<Conversation>(`conversations/${target.id}/tags`, { name: 'Needs Follow-up' });
    expect(tagged.status).toBe(200);
    expect(tagged.body.tags).toContain('needs-follow-up');
    expect((await inbox.api.get<Tag[]>('tags/')).body).toContainEqual(expect.objectContaining({ slug: 'needs-follow-up', name: 'Needs Follow-up' }));
    const again = await inbox.api.post<Conversation>(`conversations/${target.id}/tags`, { name: 'needs follow up' });
    expect(again.body).toEqual(tagged.body);

    const untagged = await inbox.api.delete<Conversation>(`conversations/${target.id}/tags/needs-follow-up`);
    expect(untagged.body.tags).not.toContain('needs-follow-up');
    const absent = await inbox.api.delete<Conversation>(`conversations/${target.id}/tags/needs-follow-up`);
    expect(absent.body).toEqual(untagged.body);

    const closed = await inbox.api.post<Conversation>(`conversations/${target.id}/status`, { status: 'CLOSED' });
    expect(closed.body.status).toBe('CLOSED');
    expect((await inbox.api.post(`conversations/${target.id}/status`, { status: 'DONE' })).body).toEqual({
      errors: { status: 'must be OPENED, WAITING or CLOSED' },
    });
    const assigned = await inbox.api.post<Conversation>(`conversations/${target.id}/assign`, { agent_id: inbox.session.agent.id });
    expect(assigned.body.agent_id).toBe(inbox.session.agent.id);
    expect((await inbox.api.post<Conversation>(`conversations/${target.id}/assign`, { agent_id: null })).body.agent_id).toBeNull();
    const other = await suite.signUp();
    const stranger = await inbox.api.post(`conversations/${target.id}/assign`, { agent_id: other.session.agent.id });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toEqual({ errors: { agent_id: 'is not an active teammate' } });
    expect((await inbox.api.post<Conversation>(`conversations/${target.id}/read`)).body.is_unread).toBe(false);

    const rows = await suite
      .db()
      .selectFrom('changes')
      .select('action')
      .where('col', '=', 'conversations')
      .where('doc_id', '=', String(target.id))
      .where('action', '=', 'update')
      .execute();
    // Tag, untag, assign, unassign; close and read only if they changed something; repeats wrote nothing.
    expect(rows.length).toBe(4 + (target.status === 'CLOSED' ? 0 : 1) + (target.is_unread ? 1 : 0));
  });

  it("another organization's conversations, messages, notes and contacts answer 404 like missing ones", async () => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const note = await inbox.api.post<Message>(`conversations/${target.id}/notes`, { message: 'private' });
    const outsider = await suite.signUp();
    const calls = [
      outsider.api.get(`conversations/${target.id}`),
      outsider.api.get(`conversations/${target.id}/messages/`),
      outsider.api.get(`contacts/${target.contact_id}`),
      outsider.api.post(`conversations/${target.id}/reply`, { message: 'hi' }),
      outsider.api.post(`conversations/${target.id}/notes`, { message: 'hi' }),
      outsider.api.patch(`conversations/${target.id}/notes/${note.body.id}`, { message: 'hi' }),
      outsider.api.delete(`conversations/${target.id}/notes/${note.body.id}`),
      outsider.api.post(`conversations/${target.id}/tags`, { name: 'x' }),
      outsider.api.delete(`conversations/${target.id}/tags/billing`),
      outsider.api.post(`conversations/${target.id}/status`, { status: 'CLOSED' }),
      outsider.api.post(`conversations/${target.id}/assign`, { agent_id: null }),
      outsider.api.post(`conversations/${target.id}/read`),
      outsider.api.post(`conversations/${target.id}/messages/m-1/undo`),
      outsider.api.post(`conversations/${target.id}/messages/m-1/release`),
      inbox.api.get('conversations/999999999'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: API_ERRORS.notFound });
    }
    expect((await outsider.api.get<ConversationPage>('conversations/')).body.conversations).toEqual([]);
    expect((await inbox.api.get<Conversation>(`conversations/${target.id}`)).body.status).toBe(target.status);
    expect((await suite.client().get('conversations/')).status).toBe(401);
  });

  it('a repeated mutation id gets the first answer back and changes nothing', async ({ expect }) => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const metrics = async () => (await readMetrics(suite.server.url)).value('inbox_mutations_total', { result: 'replayed' });
    const replayedBefore = await metrics();
    const headers = mutation();
    const first = await inbox.api.post<ReplyResponse>(`conversations/${target.id}/reply`, { message: 'Only once' }, { headers });
    const second = await inbox.api.post<ReplyResponse>(`conversations/${target.id}/reply`, { message: 'Only once' }, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-mutation-replayed')).toBe('true');

    const rows = await suite.db().selectFrom('changes').select(['col', 'action']).where('mutation_id', '=', headers[MUTATION_HEADER]).orderBy('seq').execute();
    expect(rows).toEqual([
      { col: 'messages', action: 'insert' },
      { col: 'conversations', action: 'update' },
    ]);
    const thread = await inbox.api.get<MessagePage>(`conversations/${target.id}/messages/`);
    expect(thread.body.messages.filter((m) => m.message === 'Only once')).toHaveLength(1);
    expect(await metrics()).toBeGreaterThan(replayedBefore);

    // The same mutation id from another client session is another mutation.
    const otherSession = { ...headers, [SESSION_HEADER]: `session-${uid()}` };
    const third = await inbox.api.post<ReplyResponse>(`conversations/${target.id}/reply`, { message: 'Only once' }, { headers: otherSession });
    expect(third.body.message.id).not.toBe(first.body.message.id);
  });

  it('a mutation refused with a 4xx is recorded as failed and refused the same way when retried', async () => {
    const inbox = await signUpWithInbox(suite, 1);
    const target = firstConversation(inbox);
    const headers = mutation();
    const refused = await inbox.api.post(`conversations/${target.id}/status`, { status: 'SNOOZED' }, { headers });
    expect(refused.status).toBe(400);
    const retried = await inbox.api.post(`conversations/${target.id}/status`, { status: 'SNOOZED' }, { headers });
    expect(retried.status).toBe(400);
    expect(retried.body).toEqual(refused.body);
    // A valid body under the same id is another request (409): a failed mutation never applies later.
    const changed = await inbox.api.post(`conversations/${target.id}/status`, { status: 'CLOSED' }, { headers });
    expect(changed.status).toBe(409);
    expect((await inbox.api.get<Conversation>(`conversations/${target.id}`)).body.status).toBe(target.status);
    const stored = await suite.db().selectFrom('mutations').select(['status', 'status_code']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(stored).toEqual([{ status: 'failed', status_code: 400 }]);

    const missing = mutation();
    const notFound = await inbox.api.post('conversations/999999999/read', undefined, { headers: missing });
    expect(notFound.status).toBe(404);
    expect((await inbox.api.post('conversations/999999999/read', undefined, { headers: missing })).body).toEqual({ error: API_ERRORS.notFound });
  });
});
