import { expect, it } from 'vitest';
import type { ContactConversation } from '../../src/protocol/api/contact-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Contact, Conversation } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox } from './sync-fixtures';

describeEachDatabase('contact profile', (database) => {
  const suite = useServerSuite(database);

  it('an agent edits a contact’s name, email, company and trust once, through the feed; bad input and another organization’s contact are refused', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const { contact_id: id } = firstConversation(inbox);
    const headers = { [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` };
    const edited = await inbox.api.patch<Contact>(`contacts/${id}`, { name: ' Dana Scully ', email: 'Dana@FBI.example', company: 'FBI', is_trusted: true }, { headers });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, name: 'Dana Scully', email: 'dana@fbi.example', company: 'FBI', is_trusted: true });
    const feed = await suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(feed).toEqual([{ col: 'contacts', action: 'update', doc_id: String(id) }]);
    expect((await inbox.api.patch<Contact>(`contacts/${id}`, { company: '' })).body.company).toBeNull();

    expect((await inbox.api.patch(`contacts/${id}`, { email: 'not an email' })).status).toBe(400);
    expect((await inbox.api.patch(`contacts/${id}`, { avatar: 'x' })).status).toBe(400);
    expect((await inbox.api.patch(`contacts/${id}`, { name: 'a\u0007b' })).status).toBe(400);
    const other = await suite.signUp();
    expect((await other.api.patch(`contacts/${id}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.api.get(`contacts/${id}`)).status).toBe(404);
  });

  it('answers a contact’s latest conversations from the server (last_conversations), newest first', async () => {
    const inbox = await signUpWithInbox(suite, 4, 1);
    const { contact_id: id } = firstConversation(inbox);
    const others = inbox.conversations.filter((c) => c.contact_id !== id).map((c) => c.id);
    if (others.length > 0) await suite.db().updateTable('conversations').set({ contact_id: id }).where('id', 'in', others).execute();
    const contact = await inbox.api.get<Contact & { last_conversations: ContactConversation[] }>(`contacts/${id}`);
    const expected = [...inbox.conversations].sort((a, b) => b.last_update_ts - a.last_update_ts || b.id - a.id).map((c) => c.id);
    expect(contact.body.last_conversations.map((c) => c.id)).toEqual(expected);
    expect(contact.body.last_conversations[0]).toEqual({ id: expected[0], subject: expect.any(String) as string, status: expect.any(String) as string, last_update_ts: expect.any(Number) as number });
  });

  it('merges a contact into another: its conversations, messages, payment emails and data move, nothing is lost, and it is gone', async () => {
    const inbox = await signUpWithInbox(suite, 6, 2);
    const db = suite.db();
    // A contact with one conversation, and another contact: the seed may give a contact several,
    // so the first conversation's contact keeps it alone and the others go to a second contact.
    const a = inbox.conversations[0] as Conversation;
    let b = inbox.conversations.find((conversation) => conversation.contact_id !== a.contact_id);
    if (!b) {
      const created = await db.insertInto('contacts').values({ org_id: inbox.session.organization.id, name: 'Bo', email: `bo-${uid()}@example.com`, avatar: null, is_trusted: 0, company: null, created_at: Date.now(), version: 1 }).returning('id').executeTakeFirstOrThrow();
      b = { ...(inbox.conversations[1] as Conversation), contact_id: created.id };
    }
    const others = inbox.conversations.filter((conversation) => conversation.id !== a.id && conversation.contact_id === a.contact_id).map((conversation) => conversation.id);
    if (others.length > 0) {
      await db.updateTable('conversations').set({ contact_id: b.contact_id }).where('id', 'in', others).execute();
      await db.updateTable('messages').set({ contact_id: b.contact_id }).where('conversation_id', 'in', others).where('contact_id', '=', a.contact_id).execute();
    }
    await db.updateTable('contacts').set({ custom_data: JSON.stringify({ plan: 'pro' }), company: 'Acme' }).where('id', '=', a.contact_id).execute();
    await db.updateTable('contacts').set({ company: null }).where('id', '=', b.contact_id).execute();
    await db.insertInto('contact_payment_links').values({ org_id: inbox.session.organization.id, contact_id: a.contact_id, source: 'stripe', email: 'a@pay.example', confirmed_by: null, confirmed_at: 1 }).execute();
    const fromA = await db.selectFrom('messages').select('id').where('conversation_id', '=', a.id).where('contact_id', '=', a.contact_id).execute();
    expect(fromA.length).toBeGreaterThan(0);
    const headers = { [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` };

    expect((await inbox.api.post(`contacts/${a.contact_id}/merge`, { into: a.contact_id })).body).toEqual({ errors: { into: 'is this contact: pick another one' } });
    const other = await signUpWithInbox(suite, 1, 1);
    expect((await inbox.api.post(`contacts/${a.contact_id}/merge`, { into: other.conversations[0]?.contact_id })).body).toEqual({ errors: { into: 'is not a contact of this organization' } });
    expect((await other.api.post(`contacts/${a.contact_id}/merge`, { into: other.conversations[0]?.contact_id })).status).toBe(404);

    const merged = await inbox.api.post<{ contact: Contact; merged: number; conversations: Conversation[] }>(`contacts/${a.contact_id}/merge`, { into: b.contact_id }, { headers });
    expect(merged.status).toBe(200);
    expect(merged.body.contact).toMatchObject({ id: b.contact_id, company: 'Acme', custom_data: { plan: 'pro' } });
    expect(merged.body.conversations.map((c) => [c.id, c.contact_id])).toEqual([[a.id, b.contact_id]]);
    expect((await inbox.api.get(`contacts/${a.contact_id}`)).status).toBe(404);
    const moved = await db.selectFrom('messages').select('id').where('conversation_id', '=', a.id).where('contact_id', '=', b.contact_id).execute();
    expect(moved.map((m) => m.id).sort()).toEqual(fromA.map((m) => m.id).sort());
    const links = await db.selectFrom('contact_payment_links').select(['contact_id', 'email']).where('email', '=', 'a@pay.example').execute();
    expect(links).toEqual([{ contact_id: b.contact_id, email: 'a@pay.example' }]);
    const feed = await db.selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).orderBy('seq').execute();
    expect(feed).toContainEqual({ col: 'contacts', action: 'delete', doc_id: String(a.contact_id) });
    expect(feed).toContainEqual({ col: 'conversations', action: 'update', doc_id: String(a.id) });
    expect(feed.filter((row) => row.col === 'messages')).toHaveLength(fromA.length);
    const listed = await inbox.api.get<Contact & { last_conversations: ContactConversation[] }>(`contacts/${b.contact_id}`);
    expect(listed.body.last_conversations.map((c) => c.id)).toContain(a.id);
  });
});
