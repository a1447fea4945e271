import { expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { Session } from '../../src/protocol/api/models';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Conversation } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { DEMO_PASSWORD } from '../../src/server/seed/seed-organization';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox, type Inbox } from './sync-fixtures';

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });
const REUSED = { error: API_ERRORS.mutationIdReused };

/**
 * A mutation id is bound to the agent who used it first and to that request (method, route,
 * parameters, query and body): only the same request from the same agent gets the stored answer.
 */
describeEachDatabase('mutation ids', (database) => {
  const suite = useServerSuite(database);
  const tagsOf = async (inbox: Inbox, id: number) => (await inbox.api.get<Conversation>(`conversations/${id}`)).body.tags;

  it('the same id with another body answers 409 and applies nothing', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    const headers = mutation();
    const first = await inbox.api.post<Conversation>(`conversations/${id}/tags`, { name: 'first-tag' }, { headers });
    expect(first.status).toBe(200);
    const second = await inbox.api.post(`conversations/${id}/tags`, { name: 'second-tag' }, { headers });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(REUSED);
    expect(second.headers.get('x-mutation-replayed')).toBeNull();
    expect(await tagsOf(inbox, id)).toContain('first-tag');
    expect(await tagsOf(inbox, id)).not.toContain('second-tag');
  });

  it('the same id on another route or another conversation answers 409', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const [a, b] = inbox.conversations;
    if (!a || !b) throw new Error('two conversations expected');
    const headers = mutation();
    expect((await inbox.api.post(`conversations/${a.id}/status`, { status: 'WAITING' }, { headers })).status).toBe(200);
    expect((await inbox.api.post(`conversations/${b.id}/status`, { status: 'WAITING' }, { headers })).body).toEqual(REUSED);
    expect((await inbox.api.post(`conversations/${a.id}/read`, { status: 'WAITING' }, { headers })).body).toEqual(REUSED);
    expect((await inbox.api.get<Conversation>(`conversations/${b.id}`)).body.status).toBe(b.status);
  });

  it('a genuine replay gets the stored answer, whatever the order of the keys', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    const headers = mutation();
    const body = { ids: [id], action: { status: 'CLOSED' } };
    const first = await inbox.api.post('conversations/bulk', body, { headers });
    const again = await inbox.api.post('conversations/bulk', '{"action":{"status":"CLOSED"},"ids":[' + String(id) + ']}', { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-mutation-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it("another agent reusing the session and the id never receives the first agent's answer", async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    const login = await suite.client().post<Session>('auth/login', { email: `alex@${inbox.domain}.example`, password: DEMO_PASSWORD, domain: inbox.domain });
    const alex = suite.client(login.body.token);
    const headers = mutation();
    const mine = await inbox.api.post(`conversations/${id}/tags`, { name: 'owner-tag' }, { headers });
    expect(mine.status).toBe(200);
    for (const body of [{ name: 'owner-tag' }, { name: 'alex-tag' }]) {
      const theirs = await alex.post(`conversations/${id}/tags`, body, { headers });
      expect(theirs.status).toBe(409);
      expect(theirs.body).toEqual(REUSED);
      expect(theirs.headers.get('x-mutation-replayed')).toBeNull();
    }
    expect(await tagsOf(inbox, id)).not.toContain('alex-tag');
  });

  it('a refused mutation is refused again for the same request and 409 for another one', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id, status } = firstConversation(inbox);
    const headers = mutation();
    const refused = await inbox.api.post(`conversations/${id}/status`, { status: 'SNOOZED' }, { headers });
    expect(refused.status).toBe(400);
    const retried = await inbox.api.post(`conversations/${id}/status`, { status: 'SNOOZED' }, { headers });
    expect([retried.status, retried.headers.get('x-mutation-replayed')]).toEqual([400, 'true']);
    expect((await inbox.api.post(`conversations/${id}/status`, { status: 'CLOSED' }, { headers })).body).toEqual(REUSED);
    expect((await inbox.api.get<Conversation>(`conversations/${id}`)).body.status).toBe(status);
  });

  it('an answer stored before mutations were bound to their request is still replayed', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    const headers = mutation();
    const stored = { id, replayed: 'from before the update' };
    await suite
      .db()
      .insertInto('mutations')
      .values({
        org_id: inbox.session.organization.id,
        session_id: headers[SESSION_HEADER],
        mutation_id: headers[MUTATION_HEADER],
        status: 'applied',
        status_code: 200,
        result: JSON.stringify(stored),
        created_at: Date.now(),
        agent_id: null,
        fingerprint: null,
      })
      .execute();
    const replayed = await inbox.api.post(`conversations/${id}/read`, undefined, { headers });
    expect([replayed.status, replayed.headers.get('x-mutation-replayed')]).toEqual([200, 'true']);
    expect(replayed.body).toEqual(stored);
  });
});
