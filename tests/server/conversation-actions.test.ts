import { expect, it } from 'vitest';
import type { BlockedContact, SplitResponse } from '../../src/protocol/api/conversation-actions';
import type { MessagePage } from '../../src/protocol/api/conversation-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Contact, Conversation, Tag } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox, type Inbox } from './sync-fixtures';

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

describeEachDatabase('conversation actions', (database) => {
  const suite = useServerSuite(database);

  const feedOf = (headers: ReturnType<typeof mutation>) =>
    suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).orderBy('seq').execute();

  async function thread(inbox: Inbox, id: number) {
    const page = await inbox.api.get<MessagePage>(`conversations/${id}/messages/?limit=100`);
    expect(page.status).toBe(200);
    return page.body.messages;
  }

  it('adds a CC recipient, creating its contact once, and removes it; repeats change nothing', async () => {
    const inbox = await signUpWithInbox(suite, 2, 2);
    const [one, two] = inbox.conversations as [Conversation, Conversation];
    const email = `carol-${uid()}@example.com`;
    const headers = mutation();
    const added = await inbox.api.post<Conversation>(`conversations/${one.id}/recipients`, { email: `  ${email.toUpperCase()} ` }, { headers });
    expect(added.status).toBe(200);
    const nextId = Math.max(0, ...one.recipients.map((r) => r.id)) + 1;
    const contactId = added.body.recipients.at(-1)?.contact_id ?? 0;
    expect(added.body.recipients).toEqual([...one.recipients, { id: nextId, from: email, contact_id: contactId }]);
    expect(contactId).not.toBe(one.contact_id);
    const contact = await inbox.api.get<Contact>(`contacts/${contactId}`);
    expect(contact.body).toMatchObject({ email, is_blocked: false });
    expect(await feedOf(headers)).toEqual([
      { col: 'contacts', action: 'insert', doc_id: String(contactId) },
      { col: 'conversations', action: 'update', doc_id: String(one.id) },
    ]);

    const repeat = mutation();
    const again = await inbox.api.post<Conversation>(`conversations/${one.id}/recipients`, { email }, { headers: repeat });
    expect(again.body.recipients).toEqual(added.body.recipients);
    expect(await feedOf(repeat)).toEqual([]);

    // The same address elsewhere is the same contact.
    const elsewhere = await inbox.api.post<Conversation>(`conversations/${two.id}/recipients`, { email });
    expect(elsewhere.body.recipients.at(-1)).toMatchObject({ from: email, contact_id: contactId });
    const dave = `dave-${uid()}@example.org`;
    const second = await inbox.api.post<Conversation>(`conversations/${one.id}/recipients`, { email: dave });
    expect(second.body.recipients.map((r) => r.id)).toEqual([...one.recipients.map((r) => r.id), nextId, nextId + 1]);

    const removed = await inbox.api.delete<Conversation>(`conversations/${one.id}/recipients/${encodeURIComponent(email)}`);
    expect(removed.status).toBe(200);
    expect(removed.body.recipients.map((r) => r.from)).toEqual([...one.recipients.map((r) => r.from), dave]);
    const removeAgain = mutation();
    const absent = await inbox.api.delete<Conversation>(`conversations/${one.id}/recipients/${encodeURIComponent(email)}`, { headers: removeAgain });
    expect(absent.status).toBe(200);
    expect(absent.body.recipients).toEqual(removed.body.recipients);
    expect(await feedOf(removeAgain)).toEqual([]);
  });

  it("keeps the conversation's own contact among the recipients", async () => {
    const inbox = await signUpWithInbox(suite, 1, 2);
    const conversation = firstConversation(inbox);
    const own = await inbox.api.get<Contact>(`contacts/${conversation.contact_id}`);
    const ownEmail = own.body.email ?? '';
    const readded = await inbox.api.post<Conversation>(`conversations/${conversation.id}/recipients`, { email: ownEmail });
    expect(readded.body.recipients.filter((r) => r.contact_id === conversation.contact_id)).toHaveLength(1);
    const removed = await inbox.api.delete(`conversations/${conversation.id}/recipients/${encodeURIComponent(ownEmail)}`);
    expect(removed.status).toBe(400);
    expect(removed.body).toEqual({ errors: { email: "is the conversation's contact: it cannot be removed" } });
  });

  it('refuses recipient addresses that could add a header or another address, and changes nothing', async () => {
    const inbox = await signUpWithInbox(suite, 1, 2);
    const { id } = firstConversation(inbox);
    const attempts = [
      'eve@example.com\r\nBcc: victim@example.com',
      'eve@example.com\nBcc: victim@example.com',
      'eve@example.com\r',
      'eve@example.com\u2028Bcc: victim@example.com',
      'eve@example.com, victim@example.com',
      'eve@example.com;victim@example.com',
      'Eve <eve@example.com>',
      '"Eve" eve@example.com',
      'eve@example.com>',
      'eve(comment)@example.com',
      'eve smith@example.com',
      'eve@example',
      'eve@@example.com',
      '.eve@example.com',
      'eve@example..com',
      'eve@example.com%0d%0abcc:victim@example.com',
      '',
      `${'a'.repeat(250)}@example.com`,
    ];
    for (const email of attempts) {
      const response = await inbox.api.post(`conversations/${id}/recipients`, { email });
      expect(response.status, JSON.stringify(email)).toBe(400);
      expect(Object.keys((response.body as { errors: object }).errors)).toEqual(['email']);
    }
    const crlf = await inbox.api.post(`conversations/${id}/recipients`, { email: 'eve@example.com\r\nBcc: victim@example.com' });
    expect(crlf.body).toEqual({ errors: { email: 'must be one address on one line' } });
    const named = await inbox.api.post(`conversations/${id}/recipients`, { email: 'Eve <eve@example.com>' });
    expect(named.body).toEqual({ errors: { email: 'must be a plain address, without a name' } });
    expect((await inbox.api.post(`conversations/${id}/recipients`, {})).status).toBe(400);
    expect((await inbox.api.post(`conversations/${id}/recipients`, { email: ['a@example.com'] })).status).toBe(400);
    const injectedPath = await inbox.api.delete(`conversations/${id}/recipients/${encodeURIComponent('eve@example.com\r\nBcc: victim@example.com')}`);
    expect(injectedPath.status).toBe(400);

    const after = await inbox.api.get<Conversation>(`conversations/${id}`);
    expect(after.body.recipients).toEqual(firstConversation(inbox).recipients);
  });

  it("answers 404 for every action on another organization's conversation", async () => {
    const inbox = await signUpWithInbox(suite, 1, 3);
    const other = await signUpWithInbox(suite, 1, 3);
    const foreign = firstConversation(other);
    const [, second] = await thread(other, foreign.id);
    const responses = await Promise.all([
      inbox.api.post(`conversations/${foreign.id}/recipients`, { email: 'mallory@example.com' }),
      inbox.api.delete(`conversations/${foreign.id}/recipients/mallory%40example.com`),
      inbox.api.post(`conversations/${foreign.id}/split`, { message_id: second?.id }),
      inbox.api.post(`conversations/${foreign.id}/spam`, { block: true }),
      inbox.api.post('conversations/999999999/spam', {}),
    ]);
    expect(responses.map((response) => response.status)).toEqual([404, 404, 404, 404, 404]);
    const untouched = await other.api.get<Conversation>(`conversations/${foreign.id}`);
    expect(untouched.body).toEqual(foreign);
    expect((await other.api.get<Contact>(`contacts/${foreign.contact_id}`)).body.is_blocked).toBe(false);
  });

  it('splits from a message: it and every later entry move to a new open conversation, with feed rows', async () => {
    const inbox = await signUpWithInbox(suite, 1, 5);
    const source = firstConversation(inbox);
    const before = await thread(inbox, source.id);
    const splitIndex = before.findIndex((entry, index) => index >= 2 && entry.type === 'MESSAGE');
    const at = before[splitIndex];
    if (!at) throw new Error('The seeded thread is too short');
    await inbox.api.post(`conversations/${source.id}/status`, { status: 'CLOSED' });

    const headers = mutation();
    const split = await inbox.api.post<SplitResponse>(`conversations/${source.id}/split`, { message_id: at.id }, { headers });
    expect(split.status).toBe(200);
    const moved = before.slice(splitIndex);
    const { conversation } = split.body;
    expect(conversation).toMatchObject({ contact_id: source.contact_id, subject: source.subject, channel: source.channel, status: 'OPENED', tags: [] });
    expect(conversation.id).not.toBe(source.id);
    expect(split.body.messages.map((m) => m.id)).toEqual(moved.map((m) => m.id));
    expect(split.body.messages.every((m) => m.conversation_id === conversation.id)).toBe(true);
    expect(split.body.source).toMatchObject({ id: source.id, status: 'CLOSED', last_update_ts: before[splitIndex - 1]?.timestamp_ts });
    expect(conversation.last_update_ts).toBe(moved.at(-1)?.timestamp_ts);

    expect((await thread(inbox, source.id)).map((m) => m.id)).toEqual(before.slice(0, splitIndex).map((m) => m.id));
    expect((await thread(inbox, conversation.id)).map((m) => m.id)).toEqual(moved.map((m) => m.id));
    expect(await feedOf(headers)).toEqual([
      { col: 'conversations', action: 'insert', doc_id: String(conversation.id) },
      ...moved.map((m) => ({ col: 'messages', action: 'update', doc_id: m.id })),
      { col: 'conversations', action: 'update', doc_id: String(source.id) },
    ]);

    // The same mutation again is answered as before and moves nothing.
    const replay = await inbox.api.post<SplitResponse>(`conversations/${source.id}/split`, { message_id: at.id }, { headers });
    expect(replay.headers.get('x-mutation-replayed')).toBe('true');
    expect(replay.body).toEqual(split.body);
    expect(await feedOf(headers)).toHaveLength(moved.length + 2);
  });

  it('takes a split message id as m-123, "123" or 123, and refuses notes, first messages and strangers', async () => {
    const inbox = await signUpWithInbox(suite, 3, 6);
    const [a, b] = inbox.conversations as [Conversation, Conversation];
    const threadA = await thread(inbox, a.id);
    const threadB = await thread(inbox, b.id);
    const lastA = threadA.at(-1);
    const secondB = threadB.filter((m) => m.type === 'MESSAGE')[1];
    if (!lastA || !secondB) throw new Error('The seeded threads are too short');

    const plain = await inbox.api.post<SplitResponse>(`conversations/${a.id}/split`, { message_id: lastA.id.replace(/^m-/, '') });
    expect(plain.status).toBe(200);
    expect(plain.body.messages.map((m) => m.id)).toEqual([lastA.id]);
    const numeric = await inbox.api.post<SplitResponse>(`conversations/${b.id}/split`, { message_id: Number(secondB.id.slice(2)) });
    expect(numeric.status).toBe(200);
    expect(numeric.body.messages[0]?.id).toBe(secondB.id);

    const refused = async (id: number, messageId: unknown) => {
      const response = await inbox.api.post(`conversations/${id}/split`, { message_id: messageId });
      expect(response.status, JSON.stringify(messageId)).toBe(400);
      return (response.body as { errors: Record<string, string> }).errors['message_id'];
    };
    const firstA = threadA[0];
    expect(await refused(a.id, firstA?.id)).toBe('is the first message: there is nothing before it to keep');
    expect(await refused(a.id, lastA.id)).toBe('is not a message of this conversation');
    expect(await refused(a.id, 'n-1')).toBe('is a note: only a message can start a conversation');
    expect(await refused(a.id, 'x-12')).toBe('is not a message id');
    expect(await refused(a.id, 'm-12\r\n')).toBe('is not a message id');
    expect(await refused(a.id, -3)).toBe('is not a message id');
    expect(await refused(a.id, undefined)).toBeDefined();
    const note = [...threadA, ...threadB, ...(await thread(inbox, inbox.conversations[2]?.id ?? 0))].find((m) => m.type === 'NOTE');
    if (note) {
      const response = await inbox.api.post(`conversations/${note.conversation_id}/split`, { message_id: note.id.replace(/^n-/, 'm-') });
      expect(response.body).toEqual({ errors: { message_id: 'is a note: only a message can start a conversation' } });
    }
  });

  it('marks a conversation as spam: closed, read, with the system tag; block puts its contact on the blocked list', async () => {
    const inbox = await signUpWithInbox(suite, 2, 2);
    const [one, two] = inbox.conversations as [Conversation, Conversation];
    const marked = await inbox.api.post<Conversation>(`conversations/${one.id}/spam`, {});
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: one.id, status: 'CLOSED', is_unread: false });
    expect(marked.body.tags.filter((tag) => tag === 'spam')).toEqual(['spam']);
    const tags = await inbox.api.get<Tag[]>('tags/');
    expect(tags.body.find((tag) => tag.slug === 'spam')).toMatchObject({ name: 'Spam', is_system: true });
    expect((await inbox.api.get<Contact>(`contacts/${one.contact_id}`)).body.is_blocked).toBe(false);

    const repeat = mutation();
    const again = await inbox.api.post<Conversation>(`conversations/${one.id}/spam`, { block: false }, { headers: repeat });
    expect(again.body).toEqual(marked.body);
    expect(await feedOf(repeat)).toEqual([]);

    const headers = mutation();
    const blocked = await inbox.api.post<Conversation>(`conversations/${two.id}/spam`, { block: true }, { headers });
    expect(blocked.body.status).toBe('CLOSED');
    const contact = await inbox.api.get<Contact>(`contacts/${two.contact_id}`);
    expect(contact.body.is_blocked).toBe(true);
    expect(await feedOf(headers)).toEqual([
      { col: 'conversations', action: 'update', doc_id: String(two.id) },
      { col: 'contacts', action: 'update', doc_id: String(two.contact_id) },
    ]);
    const list = await inbox.api.get<BlockedContact[]>('blocked/');
    expect(list.body).toEqual([
      { contact_id: two.contact_id, name: contact.body.name, email: contact.body.email, blocked_at: list.body[0]?.blocked_at, blocked_by: inbox.session.agent.id },
    ]);
    expect(list.body[0]?.blocked_at).toBeGreaterThan(0);
    const blockAgain = mutation();
    await inbox.api.post(`conversations/${two.id}/spam`, { block: true }, { headers: blockAgain });
    expect(await feedOf(blockAgain)).toEqual([]);
    expect((await inbox.api.get<BlockedContact[]>('blocked/')).body).toHaveLength(1);

    const unblocked = await inbox.api.delete<Contact>(`blocked/${two.contact_id}`);
    expect(unblocked.body).toMatchObject({ id: two.contact_id, is_blocked: false });
    expect((await inbox.api.get<BlockedContact[]>('blocked/')).body).toEqual([]);

    expect((await inbox.api.post(`conversations/${one.id}/spam`, { block: 'yes' })).status).toBe(400);
    expect((await inbox.api.delete(`blocked/999999999`)).status).toBe(404);
  });
});
