import { expect, it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import type { AgentInvite, Organization, Session } from '../../src/protocol/api/models';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { CustomField } from '../../src/protocol/custom-data/custom-fields';
import type { Contact, Conversation } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { describeEachDatabase, uid, useServerSuite, type ServerSuite, type SignedUp } from './server-suite';
import { signUpWithInbox } from './sync-fixtures';

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });
const inviteToken = (text: string) => /\/invite\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

async function addAgent(suite: ServerSuite, owner: SignedUp) {
  const email = `agent-${uid()}@example.com`;
  await owner.api.post<AgentInvite>(`agents/invite/${encodeURIComponent(email)}`, { roles: [] });
  const mail = await suite.mail.waitFor((m) => m.to.includes(email));
  const accepted = await suite.client().post<Session>(`invites/${inviteToken(mail.text)}/accept`, { name: 'Agent', password: 'agent password' });
  return suite.client(accepted.body.token);
}

const planField = { id: 'cf-plan', entity: 'contact', key: 'plan', label: 'Plan', type: 'choice', options: ['free', 'pro', 'team'] };
const valueField = { id: 'cf-order', entity: 'conversation', key: 'order_value', label: 'Order value', type: 'money', min: 0, max: 10_000 };

describeEachDatabase('custom data', (database) => {
  const suite = useServerSuite(database);

  it('defines fields only with custom_data.update and only while custom data is on', async () => {
    const owner = await suite.signUp();
    const agent = await addAgent(suite, owner);
    expect((await owner.api.post('custom-data/', planField)).body).toEqual({ error: 'Custom data is off for this organization: turn it on in Settings → Custom data.' });
    expect((await agent.request('PUT', 'custom-data/enabled', { body: { enabled: true } })).status).toBe(403);
    const on = await owner.api.request<Organization>('PUT', 'custom-data/enabled', { body: { enabled: true } });
    expect(on.body.is_custom_data_enabled).toBe(true);
    expect((await agent.post('custom-data/', planField)).status).toBe(403);

    const headers = mutation();
    const created = await owner.api.post<CustomField>('custom-data/', planField, { headers });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'cf-plan', key: 'plan', type: 'choice', options: ['free', 'pro', 'team'], required: false, sort: 0 });
    const feed = await suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(feed).toEqual([{ col: 'custom_fields', action: 'insert', doc_id: 'cf-plan' }]);
    expect((await owner.api.post('custom-data/', { ...planField, id: 'cf-other' })).body).toEqual({ errors: { key: 'is already used by another field' } });
    expect((await owner.api.post('custom-data/', { ...planField, id: 'cf-x', key: 'Bad Key' })).status).toBe(400);
    expect((await owner.api.post('custom-data/', { ...planField, id: 'cf-y', key: 'tier', options: [] })).body).toEqual({ errors: { options: 'must list at least one choice' } });
    expect((await owner.api.patch<CustomField>('custom-data/cf-plan', { label: 'Plan name', options: ['free', 'pro', 'team', 'enterprise'] })).body).toMatchObject({ label: 'Plan name', options: ['free', 'pro', 'team', 'enterprise'] });

    const other = await suite.signUp();
    await other.api.request('PUT', 'custom-data/enabled', { body: { enabled: true } });
    expect((await other.api.patch('custom-data/cf-plan', { label: 'Mine' })).status).toBe(404);
    expect((await other.api.delete('custom-data/cf-plan')).status).toBe(404);
  });

  it('sets values on contacts and conversations through the API, checked against their fields, and the inbox query finds them', async () => {
    const inbox = await signUpWithInbox(suite, 3, 1);
    await inbox.api.request('PUT', 'custom-data/enabled', { body: { enabled: true } });
    await inbox.api.post('custom-data/', planField);
    await inbox.api.post('custom-data/', valueField);
    const [first, second] = inbox.conversations as [Conversation, Conversation];

    const contact = await inbox.api.patch<Contact>(`contacts/${first.contact_id}/data`, { values: { plan: 'pro' } }, { headers: mutation() });
    expect(contact.status).toBe(200);
    expect(contact.body.custom_data).toEqual({ plan: 'pro' });
    const conversation = await inbox.api.patch<Conversation>(`conversations/${second.id}/data`, { values: { order_value: 12.5 } });
    expect(conversation.body.custom_data).toEqual({ order_value: 12.5 });

    expect((await inbox.api.patch(`contacts/${first.contact_id}/data`, { values: { plan: 'gold' } })).body).toEqual({ errors: { 'values.plan': 'must be one of: free, pro, team' } });
    expect((await inbox.api.patch(`conversations/${second.id}/data`, { values: { order_value: -1 } })).body).toEqual({ errors: { 'values.order_value': 'must be at least 0' } });
    expect((await inbox.api.patch(`conversations/${second.id}/data`, { values: { plan: 'pro' } })).body).toEqual({ errors: { 'values.plan': 'is not a conversation field' } });
    expect((await inbox.api.patch(`contacts/${first.contact_id}/data`, { values: { plan: 'pro\u0000' } })).status).toBe(400);

    const search = async (text: string) => (await inbox.api.get<ConversationPage>(`conversations/?search=${encodeURIComponent(text)}&limit=50`)).body.conversations.map((c) => c.id);
    const ofFirstContact = inbox.conversations.filter((c) => c.contact_id === first.contact_id).map((c) => c.id);
    expect((await search('data.plan:PRO is:opened,waiting,closed')).sort()).toEqual(ofFirstContact.sort());
    expect(await search('data.plan:team is:opened,waiting,closed')).toEqual([]);
    expect(await search('data.order_value:12.50 is:opened,waiting,closed')).toEqual([second.id]);
    expect(await search('-data.order_value:12.5 is:opened,waiting,closed')).not.toContain(second.id);

    const other = await suite.signUp();
    await other.api.request('PUT', 'custom-data/enabled', { body: { enabled: true } });
    expect((await other.api.patch(`contacts/${first.contact_id}/data`, { values: { plan: 'pro' } })).status).toBe(404);

    const cleared = await inbox.api.patch<Contact>(`contacts/${first.contact_id}/data`, { values: { plan: null } });
    expect(cleared.body.custom_data).toEqual({});
    await inbox.api.patch(`contacts/${first.contact_id}/data`, { values: { plan: 'team' } });
    expect((await inbox.api.delete('custom-data/cf-plan')).status).toBe(200);
    expect((await inbox.api.get<Contact>(`contacts/${first.contact_id}`)).body.custom_data).toEqual({});
    expect(await search('data.plan:team is:opened,waiting,closed')).toEqual([]);
  });
});
