import { expect, it } from 'vitest';
import type { ContactConversation } from '../../src/protocol/api/contact-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Contact } from '../../src/protocol/documents';
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
});
