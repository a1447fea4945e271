import { expect, it } from 'vitest';
import type { MessagePage } from '../../src/protocol/api/conversation-requests';
import { CONTROL_CHARACTERS_ERROR } from '../../src/protocol/api/text-fields';
import { draftIdFor } from '../../src/protocol/drafts';
import type { ApiResponse } from '../support/api-client';
import { openWidget } from '../support/widget-client';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox } from './sync-fixtures';

const NUL = '\u0000';
const refused = (field: string) => ({ errors: { [field]: CONTROL_CHARACTERS_ERROR } });

/** The answer every field family must give for a control character: a 400 naming the field. */
function expectRefused(response: ApiResponse<unknown>, field: string): void {
  expect(response.status, response.text).toBe(400);
  expect(response.body).toEqual(refused(field));
}

/**
 * NUL made PostgreSQL answer 500 (`invalid byte sequence for encoding "UTF8": 0x00`) and SQLite
 * store it. Every text field refuses C0 control characters with a 400 that names the field, and
 * nothing is written.
 */
describeEachDatabase('control characters in input', (database) => {
  const suite = useServerSuite(database);

  it('notes, replies and note edits refuse NUL and other controls; tab, newline and CR pass', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    const thread = async () => (await inbox.api.get<MessagePage>(`conversations/${id}/messages/?limit=100`)).body.messages.length;
    const before = await thread();

    expectRefused(await inbox.api.post(`conversations/${id}/notes`, { message: `internal${NUL}note` }), 'message');
    expectRefused(await inbox.api.post(`conversations/${id}/reply`, { message: `Hello${NUL}` }), 'message');
    expectRefused(await inbox.api.post(`conversations/${id}/reply`, { message: 'bell \u0007 here' }), 'message');
    expectRefused(await inbox.api.post(`conversations/${id}/notes`, { message: 'ok', target_id: `t${NUL}` }), 'target_id');
    expect(await thread()).toBe(before);

    const note = await inbox.api.post<{ id: string; message: string }>(`conversations/${id}/notes`, { message: 'line one\r\n\tline two' });
    expect(note.status).toBe(201);
    expect(note.body.message).toBe('line one\r\n\tline two');
    expectRefused(await inbox.api.patch(`conversations/${id}/notes/${note.body.id}`, { message: `edited${NUL}` }), 'message');
    const stored = await suite.db().selectFrom('messages').select('message').where('id', '=', Number(note.body.id.slice(2))).executeTakeFirstOrThrow();
    expect(stored.message).toBe('line one\r\n\tline two');
  });

  it('tags refuse control characters in the name and in the slug of the path', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    const tags = () => suite.db().selectFrom('tags').select('slug').where('org_id', '=', inbox.session.organization.id).execute();
    const before = await tags();

    expectRefused(await inbox.api.post(`conversations/${id}/tags`, { name: `billing${NUL}` }), 'name');
    expectRefused(await inbox.api.post(`conversations/${id}/tags`, { name: 'two\nlines' }), 'name');
    expectRefused(await inbox.api.post('conversations/bulk', { ids: [id], action: { add_tag: `x${NUL}` } }), 'action.add_tag');
    expectRefused(await inbox.api.delete(`conversations/${id}/tags/a%00b`), 'slug');
    expectRefused(await inbox.api.delete('tags/a%00b'), 'slug');
    expect(await tags()).toEqual(before);
  });

  it('drafts refuse NUL in the message and keep nothing', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    const draftId = draftIdFor(inbox.session.agent.id, id, 'REPLY');
    expectRefused(await inbox.api.patch(`conversations/${id}/drafts/`, { draft_id: draftId, attributes: { message: `Dear${NUL}` } }), 'attributes.message');
    expect(await suite.db().selectFrom('drafts').select('id').where('id', '=', draftId).execute()).toEqual([]);
  });

  it('names of agents, organizations and custom inboxes refuse control characters', async () => {
    const owner = await suite.signUp();
    expectRefused(await owner.api.patch('account/', { name: `Ana${NUL}` }), 'name');
    expectRefused(await owner.api.patch('account/', { name: 'Ana\nSmith' }), 'name');
    expectRefused(await owner.api.patch('organization/', { name: `Acme${NUL}` }), 'name');
    expectRefused(await owner.api.patch('account/', { custom_inboxes: [{ name: `Billing${NUL}`, query: 'tag:billing' }] }), 'custom_inboxes.0.name');
    expectRefused(await owner.api.patch('account/', { avatar: `https://example.com/a${NUL}.png` }), 'avatar');
    const agent = await suite.db().selectFrom('agents').select(['name', 'custom_inboxes', 'avatar']).where('id', '=', owner.session.agent.id).executeTakeFirstOrThrow();
    expect(agent).toEqual({ name: owner.name, custom_inboxes: '[]', avatar: null });
    const organization = await suite.db().selectFrom('organizations').select('name').where('id', '=', owner.session.organization.id).executeTakeFirstOrThrow();
    expect(organization.name).toBe(owner.session.organization.name);
  });

  it('the chat greeting refuses NUL and keeps the saved one', async () => {
    const owner = await suite.signUp();
    const saved = await owner.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!\nAsk us anything.' } });
    expect(saved.status).toBe(200);
    expectRefused(await owner.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: `Hi${NUL}` } }), 'greeting');
    const row = await suite.db().selectFrom('chat_settings').select('greeting').where('org_id', '=', owner.session.organization.id).executeTakeFirstOrThrow();
    expect(row.greeting).toBe('Hello!\nAsk us anything.');
  });

  it('sign-up refuses control characters in the names and creates nothing', async () => {
    const domain = `org-${uid()}`;
    const body = { name: 'Ana', email: `ana-${uid()}@example.com`, password: 'long enough password', organization_name: 'Acme', domain };
    expectRefused(await suite.client().post('auth/create', { ...body, name: `Ana${NUL}` }), 'name');
    expectRefused(await suite.client().post('auth/create', { ...body, organization_name: 'Acme\u001b[31m' }), 'organization_name');
    expectRefused(await suite.client().post('auth/create', { ...body, password: `long enough${NUL}password` }), 'password');
    expect(await suite.db().selectFrom('organizations').select('id').where('slug', '=', domain).execute()).toEqual([]);
  });

  it('an uploaded file name refuses control characters and nothing is stored', async () => {
    const owner = await suite.signUp();
    const upload = (name: string) =>
      fetch(`${suite.server.url}/api/attachments/?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.session.token}`, 'content-type': 'text/plain' },
        body: 'hello',
      });
    for (const name of [`invoice${NUL}.pdf`, 'invoice\n.pdf', 'invoice\u0001.pdf']) {
      const response = await upload(name);
      expect(response.status, name).toBe(400);
      expect(await response.json()).toEqual(refused('name'));
    }
    expect(await suite.db().selectFrom('attachments').select('id').where('org_id', '=', owner.session.organization.id).execute()).toEqual([]);
    expect((await upload('invoice.pdf')).status).toBe(201);
  });

  it('search, the inbox query and matches refuse NUL', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    expectRefused(await inbox.api.get('conversations/search?q=refund%00'), 'q');
    expectRefused(await inbox.api.get('conversations/?search=refund%00'), 'search');
    expectRefused(await inbox.api.get(`conversations/matches?ids=${id}&search=a%00`), 'search');
    expect((await inbox.api.get('conversations/search?q=refund%09policy')).status).toBe(200);
  });

  it('a field no schema checks still cannot carry NUL to the database: the guard answers 400', async () => {
    const owner = await suite.signUp();
    // `current_password` is only compared, never stored: the guard stops it before any handler.
    expectRefused(await owner.api.patch('account/', { current_password: `x${NUL}` }), 'current_password');
    expectRefused(await suite.client().post('auth/login', { email: owner.email, password: `pw${NUL}` }), 'password');
    expectRefused(await owner.api.get('agents/?complete=%00'), 'complete');
    expectRefused(await owner.api.get('conversations/%00'), 'id');
    // Nested values are named by their path.
    expectRefused(await owner.api.post('conversations/bulk', { ids: [1], action: { remove_tag: `a${NUL}` } }), 'action.remove_tag');
  });

  it("a visitor's chat message with NUL is refused and nothing is stored", async () => {
    const owner = await suite.signUp();
    await owner.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } });
    const widget = openWidget(suite.server.url, { org: owner.domain, ip: `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` });
    await widget.ready();
    const clientId = `c-${uid()}${uid()}`;
    widget.send({ action: 'send', client_id: clientId, text: `hello${NUL}there` });
    const answer = await widget.next((frame) => frame.action === 'error' || frame.action === 'sent');
    expect(answer).toMatchObject({ action: 'error', code: 'invalid', client_id: clientId });
    widget.send({ action: 'identify', name: `Ana${NUL}`, email: '' });
    const profile = await widget.next((frame) => frame.action === 'profile' || frame.action === 'error');
    expect(profile).toMatchObject({ action: 'profile', profile: { name: 'Ana' } });
    await widget.close();
    expect(await suite.db().selectFrom('conversations').select('id').where('org_id', '=', owner.session.organization.id).execute()).toEqual([]);
  });
});
