import { expect, it } from 'vitest';
import type { BulkResponse, ConversationPage } from '../../src/protocol/api/conversation-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Conversation } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { signUpWithInbox } from './sync-fixtures';

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

describeEachDatabase('bulk conversation actions', (database) => {
  const suite = useServerSuite(database);

  it('changes every listed conversation in one mutation, one feed row each, and a repeat applies nothing', async () => {
    const inbox = await signUpWithInbox(suite, 6, 1);
    const open = inbox.conversations.filter((c) => c.status !== 'CLOSED');
    const ids = open.map((c) => c.id);
    const headers = mutation();
    const closed = await inbox.api.post<BulkResponse>('conversations/bulk', { ids, action: { status: 'CLOSED' } }, { headers });
    expect(closed.status).toBe(200);
    expect(closed.body.conversations.map((c) => c.id)).toEqual(ids);
    expect(closed.body.conversations.every((c) => c.status === 'CLOSED')).toBe(true);
    const feed = await suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(feed).toHaveLength(ids.length);
    expect(feed.every((row) => row.col === 'conversations' && row.action === 'update')).toBe(true);

    const again = await inbox.api.post<BulkResponse>('conversations/bulk', { ids, action: { status: 'CLOSED' } }, { headers });
    expect(again.headers.get('x-mutation-replayed')).toBe('true');
    expect(again.body).toEqual(closed.body);
    expect(await suite.db().selectFrom('changes').select('seq').where('mutation_id', '=', headers[MUTATION_HEADER]).execute()).toHaveLength(ids.length);

    // Assignment and tags; a conversation that does not change adds no feed row.
    const me = inbox.session.agent.id;
    const assigned = await inbox.api.post<BulkResponse>('conversations/bulk', { ids, action: { agent_id: me } });
    expect(assigned.body.conversations.every((c) => c.agent_id === me)).toBe(true);
    const tagged = await inbox.api.post<BulkResponse>('conversations/bulk', { ids: ids.slice(0, 2), action: { add_tag: 'Billing Issue' } });
    expect(tagged.body.conversations.every((c) => c.tags.includes('billing-issue'))).toBe(true);
    const tagHeaders = mutation();
    const untagged = await inbox.api.post<BulkResponse>('conversations/bulk', { ids, action: { remove_tag: 'billing-issue' } }, { headers: tagHeaders });
    expect(untagged.body.conversations.every((c) => !c.tags.includes('billing-issue'))).toBe(true);
    expect(await suite.db().selectFrom('changes').select('seq').where('mutation_id', '=', tagHeaders[MUTATION_HEADER]).execute()).toHaveLength(2);
    const unassigned = await inbox.api.post<BulkResponse>('conversations/bulk', { ids: [ids[0]], action: { agent_id: null } });
    expect(unassigned.body.conversations[0]?.agent_id).toBeNull();
  });

  it('an id outside the organization answers 404 and applies nothing; bad input answers 400', async () => {
    const inbox = await signUpWithInbox(suite, 3, 1);
    const other = await signUpWithInbox(suite, 1, 1);
    const ids = inbox.conversations.map((c) => c.id);
    const foreign = other.conversations[0]?.id ?? 0;
    const headers = mutation();
    const refused = await inbox.api.post('conversations/bulk', { ids: [...ids, foreign], action: { status: 'WAITING' } }, { headers });
    expect(refused.status).toBe(404);
    const page = await inbox.api.get<ConversationPage>('conversations/?limit=100');
    const byId = new Map(page.body.conversations.map((c: Conversation) => [c.id, c]));
    for (const c of inbox.conversations) expect(byId.get(c.id)?.status).toBe(c.status);
    expect(await suite.db().selectFrom('changes').select('seq').where('mutation_id', '=', headers[MUTATION_HEADER]).execute()).toEqual([]);
    // Retried with the same id, it is refused the same way; another body under that id is another request.
    expect((await inbox.api.post('conversations/bulk', { ids: [...ids, foreign], action: { status: 'WAITING' } }, { headers })).status).toBe(404);
    expect((await inbox.api.post('conversations/bulk', { ids, action: { status: 'WAITING' } }, { headers })).status).toBe(409);

    const bad = async (body: unknown) => (await inbox.api.post('conversations/bulk', body)).status;
    expect(await bad({ ids: [], action: { status: 'CLOSED' } })).toBe(400);
    expect(await bad({ ids: Array.from({ length: 501 }, (_, i) => i + 1), action: { status: 'CLOSED' } })).toBe(400);
    expect(await bad({ ids, action: { status: 'SNOOZED' } })).toBe(400);
    expect(await bad({ ids, action: { status: 'CLOSED', agent_id: null } })).toBe(400);
    expect(await bad({ ids, action: {} })).toBe(400);
    expect(await bad({ ids: ['1'], action: { status: 'CLOSED' } })).toBe(400);
    expect(await bad({ ids, action: { agent_id: 999999999 } })).toBe(400);
    expect(await bad({ ids, action: { add_tag: '!!!' } })).toBe(400);
    expect((await suite.client().post('conversations/bulk', { ids, action: { status: 'CLOSED' } })).status).toBe(401);
  });
});
