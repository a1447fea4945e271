import { expect, it } from 'vitest';
import type { TagDeleteResponse, TagInUseResponse } from '../../src/protocol/api/conversation-actions';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Conversation, Tag } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { invitedTeammate } from './teammates';
import { signUpWithInbox, type Inbox } from './sync-fixtures';

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

/** Invites a teammate with these roles and signs them in. */
describeEachDatabase('tag management', (database) => {
  const suite = useServerSuite(database);

  async function tagged(inbox: Inbox, name: string, conversations: readonly Conversation[]) {
    for (const conversation of conversations) {
      const response = await inbox.api.post<Conversation>(`conversations/${conversation.id}/tags`, { name });
      expect(response.status).toBe(200);
    }
  }
  const tagSlugs = async (inbox: Inbox) => (await inbox.api.get<Tag[]>('tags/')).body.map((tag) => tag.slug);
  const withTag = async (inbox: Inbox, slug: string) =>
    (await inbox.api.get<ConversationPage>(`conversations/?limit=100&search=${encodeURIComponent(`tag:${slug}`)}`)).body.conversations;

  it('deletes an unused tag with a feed row; an unknown tag, or another organization’s, is 404', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const other = await signUpWithInbox(suite, 1, 1);
    const [conversation] = inbox.conversations as [Conversation];
    await tagged(inbox, 'Short lived', [conversation]);
    await inbox.api.delete(`conversations/${conversation.id}/tags/short-lived`);
    expect(await tagSlugs(inbox)).toContain('short-lived');

    const headers = mutation();
    const deleted = await inbox.api.delete<TagDeleteResponse>('tags/short-lived', { headers });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ slug: 'short-lived', conversations: 0 });
    expect(await tagSlugs(inbox)).not.toContain('short-lived');
    const feed = await suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(feed).toEqual([{ col: 'tags', action: 'delete', doc_id: 'short-lived' }]);

    expect((await inbox.api.delete('tags/short-lived')).status).toBe(404);
    expect((await inbox.api.delete('tags/never-was')).status).toBe(404);
    await tagged(other, 'Theirs', other.conversations);
    expect((await inbox.api.delete('tags/theirs?force=true')).status).toBe(404);
    expect(await tagSlugs(other)).toContain('theirs');
    expect((await inbox.api.delete('tags/anything?force=maybe')).status).toBe(400);
  });

  it('refuses a tag in use with 409 and its count, and with force removes it from every conversation in one mutation', async () => {
    const inbox = await signUpWithInbox(suite, 4, 1);
    const users = inbox.conversations.slice(0, 3);
    await tagged(inbox, 'Billing Issue', users);

    const refused = await inbox.api.delete<TagInUseResponse>('tags/billing-issue');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'The tag "Billing Issue" is used by 3 conversations. Delete it with force=true to remove it from them too.',
      conversations: 3,
    });
    expect((await withTag(inbox, 'billing-issue')).map((c) => c.id).sort()).toEqual(users.map((c) => c.id).sort());

    const headers = mutation();
    const forced = await inbox.api.delete<TagDeleteResponse>('tags/billing-issue?force=true', { headers });
    expect(forced.status).toBe(200);
    expect(forced.body).toEqual({ slug: 'billing-issue', conversations: 3 });
    expect(await withTag(inbox, 'billing-issue')).toEqual([]);
    expect(await tagSlugs(inbox)).not.toContain('billing-issue');
    const feed = await suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).orderBy('seq').execute();
    expect(feed).toEqual([
      ...users.map((c) => ({ col: 'conversations', action: 'update', doc_id: String(c.id) })).sort((a, b) => Number(a.doc_id) - Number(b.doc_id)),
      { col: 'tags', action: 'delete', doc_id: 'billing-issue' },
    ]);

    // A retry of the same mutation is answered the same way and writes nothing more.
    const replay = await inbox.api.delete<TagDeleteResponse>('tags/billing-issue?force=true', { headers });
    expect(replay.headers.get('x-mutation-replayed')).toBe('true');
    expect(replay.body).toEqual(forced.body);
  });

  it('keeps system tags, and needs the tags permission', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const [spam, kept] = inbox.conversations as [Conversation, Conversation];
    await inbox.api.post(`conversations/${spam.id}/spam`, {});
    const system = await inbox.api.delete('tags/spam?force=true');
    expect(system.status).toBe(400);
    expect(system.body).toEqual({ error: 'System tags cannot be deleted.' });
    expect(await tagSlugs(inbox)).toContain('spam');

    await tagged(inbox, 'Keep', [kept]);
    const agent = await invitedTeammate(suite, inbox, []);
    expect((await agent.delete('tags/keep?force=true')).status).toBe(403);
    const admin = await invitedTeammate(suite, inbox, ['tag.update']);
    expect((await admin.delete<TagDeleteResponse>('tags/keep?force=true')).body).toEqual({ slug: 'keep', conversations: 1 });
  });

  it('creates, renames and colours tags: names unique case-insensitively, conversations follow a rename', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const [first] = inbox.conversations as [Conversation, Conversation];
    const created = await inbox.api.post<Tag>('tags/', { name: 'Refund requests', color: '#0F766E' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'refund-requests', name: 'Refund requests', color: '#0f766e', is_system: false });
    const again = await inbox.api.post('tags/', { name: 'REFUND requests' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errors: { name: 'is already a tag' } });
    expect((await inbox.api.post('tags/', { name: 'x', color: 'red' })).status).toBe(400);
    expect((await inbox.api.post('tags/', { name: 'bad\u0007name' })).status).toBe(400);

    await tagged(inbox, 'Refund requests', [first]);
    const renamed = await inbox.api.patch<Tag>('tags/refund-requests', { name: 'Refunds', color: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ slug: 'refund-requests', name: 'Refunds', color: null });
    // The conversation names the slug: it shows the new name; tagging by the new name (any case) is the same tag.
    expect((await inbox.api.get<Conversation>(`conversations/${first.id}`)).body.tags).toContain('refund-requests');
    const byNewName = await inbox.api.post<Conversation>(`conversations/${first.id}/tags`, { name: 'refunds' });
    expect(byNewName.body.tags.filter((slug) => slug.startsWith('refund'))).toEqual(['refund-requests']);
    expect((await inbox.api.get<Tag[]>('tags/')).body.filter((tag) => tag.name.toLowerCase() === 'refunds')).toHaveLength(1);

    await inbox.api.post('tags/', { name: 'Billing' });
    const clash = await inbox.api.patch('tags/refund-requests', { name: 'billing' });
    expect(clash.status).toBe(400);
    expect(clash.body).toMatchObject({ errors: { name: 'is already a tag' } });
    expect((await inbox.api.patch('tags/nothing-here', { name: 'Nope' })).status).toBe(404);

    const other = await signUpWithInbox(suite, 1, 1);
    expect((await other.api.patch('tags/refund-requests', { name: 'Theirs' })).status).toBe(404);
    const agent = await invitedTeammate(suite, inbox, []);
    expect((await agent.post('tags/', { name: 'Not allowed' })).status).toBe(403);
    expect((await agent.patch('tags/refund-requests', { name: 'Not allowed' })).status).toBe(403);
  });
});
