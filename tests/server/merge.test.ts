import { it } from 'vitest';
import type { MergeResponse } from '../../src/protocol/api/conversation-actions';
import type { Conversation } from '../../src/protocol/documents';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { conversationWithSubject, sendEmail, signUpWithChannel, threadOf, type EmailInbox, type EmailSuite, useEmailSuite } from './email-fixtures';
import { describeEachDatabase, uid, sharedDnsServer } from './server-suite';

// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

async function mailFrom(suite: EmailSuite, inbox: EmailInbox, from: string, text: string, messageId = `<${uid()}@customer.example>`): Promise<Conversation> {
  const subject = `Merge ${uid()}`;
  await sendEmail(suite.server, {
    envelope: { from, to: inbox.address },
    raw: `From: ${from}\r\nTo: ${inbox.address}\r\nSubject: ${subject}\r\nMessage-ID: ${messageId}\r\n\r\n${text}\r\n`,
  });
  return conversationWithSubject(inbox.api, subject);
}

describeEachDatabase('merging conversations', (database) => {
  const suite = useEmailSuite(database, dns);

  it("moves every entry into the other conversation by time, and the merged one is gone but points there", async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const firstId = `<${uid()}@customer.example>`;
    const first = await mailFrom(suite, inbox, inbox.customer, 'First question.', firstId);
    const second = await mailFrom(suite, inbox, inbox.customer, 'Second question.');
    await inbox.api.post(`conversations/${first.id}/notes`, { message: 'A note on the first.' });
    const third = await mailFrom(suite, inbox, inbox.customer, 'Third question.');

    const headers = mutation();
    const merged = await inbox.api.post<MergeResponse>(`conversations/${first.id}/merge`, { into: third.id }, { headers });
    expect(merged.status).toBe(200);
    expect(merged.body.merged).toBe(first.id);
    expect(merged.body.conversation.id).toBe(third.id);
    expect(merged.body.messages.map((m) => m.message)).toEqual(['First question.', 'A note on the first.']);
    const thread = await threadOf(inbox.api, third.id);
    expect(thread.map((m) => m.message)).toEqual(['First question.', 'A note on the first.', 'Third question.']);

    const feed = await suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(feed.filter((row) => row.col === 'conversations' && row.action === 'delete').map((row) => row.doc_id)).toEqual([String(first.id)]);
    expect(feed.filter((row) => row.col === 'messages')).toHaveLength(2);

    const gone = await inbox.api.get(`conversations/${first.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ merged_into: third.id });
    const listed = await inbox.api.get<{ conversations: Conversation[] }>('conversations/?limit=100');
    expect(listed.body.conversations.map((c) => c.id).sort()).toEqual([second.id, third.id].sort());
    expect((await inbox.api.post(`conversations/${first.id}/notes`, { message: 'Too late' })).status).toBe(404);

    // The customer's reply to the merged thread lands in the conversation it went into.
    await sendEmail(suite.server, {
      envelope: { from: inbox.customer, to: inbox.address },
      raw: `From: ${inbox.customer}\r\nTo: ${inbox.address}\r\nSubject: Re: old\r\nMessage-ID: <${uid()}@customer.example>\r\nIn-Reply-To: ${firstId}\r\n\r\nA follow-up.\r\n`,
    });
    await expect.poll(async () => (await threadOf(inbox.api, third.id)).map((m) => m.message).includes('A follow-up.'), { timeout: 10_000 }).toBe(true);

    // Merged again: the first one follows.
    await inbox.api.post(`conversations/${third.id}/merge`, { into: second.id });
    expect((await inbox.api.get(`conversations/${first.id}`)).body).toMatchObject({ merged_into: second.id });
    const again = await inbox.api.post<MergeResponse>(`conversations/${first.id}/merge`, { into: third.id }, { headers });
    expect([again.status, again.body.merged]).toEqual([200, first.id]);
  });

  it("refuses another contact's conversation, itself and bad input with 400, and another organization's with 404", async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const mine = await mailFrom(suite, inbox, inbox.customer, 'Hello.');
    const other = await mailFrom(suite, inbox, `someone-${uid()}@elsewhere.example`, 'Hi.');
    const path = `conversations/${mine.id}/merge`;
    expect((await inbox.api.post(path, { into: other.id })).body).toEqual({
      errors: { into: 'is a conversation of another contact: only conversations of the same contact can be merged' },
    });
    expect((await inbox.api.post(path, { into: mine.id })).body).toEqual({ errors: { into: 'is this conversation: pick another one' } });
    expect((await inbox.api.post(path, { into: 'x' })).status).toBe(400);
    expect((await inbox.api.post(path, {})).status).toBe(400);

    const stranger = await signUpWithChannel(suite);
    const theirs = await mailFrom(suite, stranger, stranger.customer, 'Theirs.');
    const foreign = await stranger.api.post(path, { into: theirs.id });
    const missing = await stranger.api.post('conversations/999999999/merge', { into: theirs.id });
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    expect(foreign.status).toBe(404);
    expect((await stranger.api.post(`conversations/${theirs.id}/merge`, { into: mine.id })).body).toEqual({ errors: { into: 'is not a conversation of this organization' } });
    expect((await threadOf(inbox.api, mine.id)).map((m) => m.message)).toEqual(['Hello.']);
  });
});
