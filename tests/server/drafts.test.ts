import { expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { DraftResponse } from '../../src/protocol/api/draft-requests';
import type { Session } from '../../src/protocol/api/models';
import type { Conversation } from '../../src/protocol/documents';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import { draftIdFor } from '../../src/protocol/drafts';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { DEMO_PASSWORD } from '../../src/server/seed/seed-organization';
import type { ApiClient } from '../support/api-client';
import { openStream, type StreamFrame } from '../support/stream-client';
import { describeEachDatabase, uid, useServerSuite, type ServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox, type Inbox } from './sync-fixtures';

type Teammate = { session: Session; api: ApiClient };

/** The seed's teammates (alex, sam) of an organization made by signUpWithInbox, signed in. */
async function teammate(suite: ServerSuite, inbox: Inbox, local: 'alex' | 'sam'): Promise<Teammate> {
  const login = await suite.client().post<Session>('auth/login', { email: `${local}@${inbox.domain}.example`, password: DEMO_PASSWORD, domain: inbox.domain });
  if (login.status !== 200) throw new Error(`Login failed: ${login.status} ${login.text}`);
  return { session: login.body, api: suite.client(login.body.token) };
}

const save = (api: ApiClient, conversationId: number, body: unknown, headers: Record<string, string> = {}) =>
  api.patch<DraftResponse>(`conversations/${conversationId}/drafts/`, body, { headers });
const share = (api: ApiClient, conversationId: number, body: unknown) => api.post<DraftResponse>(`conversations/${conversationId}/drafts/share`, body);
const draftFrames = (frames: StreamFrame[]) => frames.filter((frame) => frame.col === 'drafts');

/** The first two conversations of an inbox seeded with two. */
function twoConversations(inbox: Inbox): [Conversation, Conversation] {
  const [first, second] = inbox.conversations;
  if (!first || !second) throw new Error('Two conversations were seeded');
  return [first, second];
}

describeEachDatabase('drafts', (database) => {
  const suite = useServerSuite(database);
  const feedRows = (draftId: string) =>
    suite.db().selectFrom('changes').select(['action', 'audience', 'seq']).where('col', '=', 'drafts').where('doc_id', '=', draftId).orderBy('seq').execute();

  it('saves, updates and deletes the caller’s draft; saving the same text or repeating a mutation writes nothing', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const me = inbox.session.agent.id;
    const conversation = firstConversation(inbox);
    const id = draftIdFor(me, conversation.id, 'REPLY');

    const created = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Hello Ana,\n' } });
    expect(created.status).toBe(200);
    expect(created.body.draft).toMatchObject({ id, conversation_id: conversation.id, agent_id: me, type: 'REPLY', message: 'Hello Ana,\n', shared_with: [] });

    const headers = { [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` };
    const updated = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Hello Ana, thanks', type: 'NOTE' } }, headers);
    expect(updated.body.draft).toMatchObject({ message: 'Hello Ana, thanks', type: 'NOTE' });
    expect(updated.body.draft?.version).toBeGreaterThan(created.body.draft?.version ?? Infinity);
    const replayed = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Hello Ana, thanks', type: 'NOTE' } }, headers);
    expect(replayed.headers.get('x-mutation-replayed')).toBe('true');
    expect(replayed.body).toEqual(updated.body);
    // Without a type the draft keeps its own; the same text again changes nothing.
    const same = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Hello Ana, thanks' } });
    expect(same.body).toEqual(updated.body);
    expect((await feedRows(id)).map((row) => [row.action, row.audience])).toEqual([
      ['insert', me],
      ['update', me],
    ]);

    const deleted = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: '  \n ' } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ draft: null });
    expect((await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: '' } })).body).toEqual({ draft: null });
    expect((await feedRows(id)).map((row) => [row.action, row.audience])).toEqual([
      ['insert', me],
      ['update', me],
      ['delete', me],
    ]);
    // The same id starts a new draft after a deletion.
    const again = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Second try' } });
    expect(again.body.draft).toMatchObject({ type: 'REPLY', message: 'Second try', shared_with: [] });
  });

  it('keeps a reply draft’s CC and BCC: saved with it, left as they are when not named, cleared by an empty list, refused when not addresses', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const conversation = firstConversation(inbox);
    const id = draftIdFor(inbox.session.agent.id, conversation.id, 'REPLY');
    const created = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Hello', cc: ['boss@example.com'], bcc: ['audit@example.com'] } });
    expect(created.body.draft).toMatchObject({ message: 'Hello', cc: ['boss@example.com'], bcc: ['audit@example.com'] });
    const typed = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Hello Ana' } });
    expect(typed.body.draft).toMatchObject({ message: 'Hello Ana', cc: ['boss@example.com'], bcc: ['audit@example.com'] });
    const uncopied = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Hello Ana', cc: [] } });
    expect(uncopied.body.draft?.cc).toBeUndefined();
    expect(uncopied.body.draft?.bcc).toEqual(['audit@example.com']);
    expect(uncopied.body.draft?.version).toBeGreaterThan(typed.body.draft?.version ?? Infinity);
    const refused = await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Hello', cc: ['not an address'] } });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.body as unknown as { errors: object }).errors)).toEqual(['attributes.cc.0']);
  });

  it('refuses bad input, another agent’s draft id and another organization’s conversation', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const other = await signUpWithInbox(suite, 1, 1);
    const alex = await teammate(suite, inbox, 'alex');
    const me = inbox.session.agent.id;
    const [first, second] = twoConversations(inbox);
    const id = draftIdFor(me, first.id, 'REPLY');

    const errors = async (body: unknown) => {
      const response = await save(inbox.api, first.id, body);
      expect(response.status).toBe(400);
      return (response.body as unknown as { errors: Record<string, string> }).errors;
    };
    expect(Object.keys(await errors({ attributes: { message: 'x' } }))).toEqual(['draft_id']);
    expect(Object.keys(await errors({ draft_id: 'draft-1', attributes: { message: 'x' } }))).toEqual(['draft_id']);
    expect(Object.keys(await errors({ draft_id: id }))).toEqual(['attributes']);
    expect(Object.keys(await errors({ draft_id: id, attributes: { message: 42 } }))).toEqual(['attributes.message']);
    expect(Object.keys(await errors({ draft_id: id, attributes: { message: 'x', type: 'EMAIL' } }))).toEqual(['attributes.type']);
    expect(Object.keys(await errors({ draft_id: id, attributes: { message: 'x'.repeat(100_001) } }))).toEqual(['attributes.message']);
    // An id must name its writer: alex cannot write (or squat) the owner's draft.
    const squat = await save(alex.api, first.id, { draft_id: id, attributes: { message: 'mine now' } });
    expect(squat.status).toBe(400);
    expect(squat.body).toEqual({ errors: { draft_id: `must start with d-${alex.session.agent.id}-` } });
    // One id, one conversation.
    expect((await save(inbox.api, first.id, { draft_id: id, attributes: { message: 'here' } })).status).toBe(200);
    expect((await save(inbox.api, second.id, { draft_id: id, attributes: { message: 'there' } })).body).toEqual({
      errors: { draft_id: 'belongs to another conversation' },
    });

    const foreign = firstConversation(other).id;
    expect((await save(inbox.api, foreign, { draft_id: draftIdFor(me, foreign, 'REPLY'), attributes: { message: 'x' } })).status).toBe(404);
    expect((await save(inbox.api, 999_999_999, { draft_id: id, attributes: { message: 'x' } })).status).toBe(404);
    expect((await share(inbox.api, foreign, { draft_id: id, target_id: alex.session.agent.id })).status).toBe(404);
    expect((await suite.client().patch(`conversations/${first.id}/drafts/`, { draft_id: id, attributes: { message: 'x' } })).status).toBe(401);
    expect((await suite.client().post(`conversations/${first.id}/drafts/share`, { draft_id: id, target_id: me })).status).toBe(401);
  });

  it('shares a draft with an active teammate once; unknown or removed teammates and drafts not the caller’s are refused', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const other = await signUpWithInbox(suite, 1, 1);
    const [alex, sam] = [await teammate(suite, inbox, 'alex'), await teammate(suite, inbox, 'sam')];
    const me = inbox.session.agent.id;
    const [first, second] = twoConversations(inbox);
    const id = draftIdFor(me, first.id, 'NOTE');
    expect((await share(inbox.api, first.id, { draft_id: id, target_id: alex.session.agent.id })).status).toBe(404);
    await save(inbox.api, first.id, { draft_id: id, attributes: { message: 'Can you check this?', type: 'NOTE' } });

    const shared = await share(inbox.api, first.id, { draft_id: id, target_id: alex.session.agent.id });
    expect(shared.status).toBe(200);
    expect(shared.body.draft).toMatchObject({ id, message: 'Can you check this?', shared_with: [alex.session.agent.id] });
    const twice = await share(inbox.api, first.id, { draft_id: id, target_id: alex.session.agent.id });
    expect(twice.body).toEqual(shared.body);
    const both = await share(inbox.api, first.id, { draft_id: id, target_id: sam.session.agent.id });
    expect(both.body.draft?.shared_with).toEqual([alex.session.agent.id, sam.session.agent.id].sort((a, b) => a - b));

    const refused = async (api: ApiClient, conversationId: number, body: unknown) => {
      const response = await share(api, conversationId, body);
      return [response.status, response.body] as const;
    };
    const notTeammate = { errors: { target_id: 'is not an active teammate' } };
    expect(await refused(inbox.api, first.id, { draft_id: id, target_id: 999_999_999 })).toEqual([400, notTeammate]);
    expect(await refused(inbox.api, first.id, { draft_id: id, target_id: other.session.agent.id })).toEqual([400, notTeammate]);
    expect(await refused(inbox.api, first.id, { draft_id: id, target_id: me })).toEqual([400, { errors: { target_id: 'must be a teammate, not yourself' } }]);
    expect((await refused(inbox.api, first.id, { draft_id: id, target_id: 'alex' }))[0]).toBe(400);
    await suite.db().updateTable('agents').set({ is_removed: 1 }).where('id', '=', sam.session.agent.id).execute();
    const fresh = draftIdFor(me, first.id, 'REPLY');
    await save(inbox.api, first.id, { draft_id: fresh, attributes: { message: 'Private' } });
    expect(await refused(inbox.api, first.id, { draft_id: fresh, target_id: sam.session.agent.id })).toEqual([400, notTeammate]);
    // Someone else's draft, or the caller's under another conversation, is not found.
    const notFound = [404, { error: API_ERRORS.notFound }];
    expect(await refused(alex.api, first.id, { draft_id: id, target_id: me })).toEqual(notFound);
    expect(await refused(inbox.api, second.id, { draft_id: id, target_id: alex.session.agent.id })).toEqual(notFound);
    expect(await refused(inbox.api, first.id, { draft_id: `${fresh}-missing`, target_id: alex.session.agent.id })).toEqual(notFound);

    // A deleted draft forgets who it was shared with.
    await save(inbox.api, first.id, { draft_id: id, attributes: { message: '' } });
    const reborn = await save(inbox.api, first.id, { draft_id: id, attributes: { message: 'New text', type: 'NOTE' } });
    expect(reborn.body.draft?.shared_with).toEqual([]);
  });

  it('a reply or a note deletes the draft it names with it, telling its readers; a draft not the caller’s refuses the send', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const alex = await teammate(suite, inbox, 'alex');
    const me = inbox.session.agent.id;
    const [first, second] = twoConversations(inbox);
    const replyDraft = draftIdFor(me, first.id, 'REPLY');
    const noteDraft = draftIdFor(me, first.id, 'NOTE');
    await save(inbox.api, first.id, { draft_id: replyDraft, attributes: { message: 'Thanks, refunded' } });
    await save(inbox.api, first.id, { draft_id: noteDraft, attributes: { message: 'Refund done', type: 'NOTE' } });
    await share(inbox.api, first.id, { draft_id: replyDraft, target_id: alex.session.agent.id });
    const alexSocket = openStream(suite.server.url, { token: alex.session.token, init: true });
    await alexSocket.untilReady();
    const stored = async () => (await suite.db().selectFrom('drafts').select('id').where('conversation_id', '=', first.id).execute()).map((row) => row.id).sort();

    const replied = await inbox.api.post(`conversations/${first.id}/reply`, { message: 'Thanks, refunded', draft_id: replyDraft });
    expect(replied.status).toBe(201);
    expect(await stored()).toEqual([noteDraft]);
    expect(await alexSocket.next((frame) => frame.col === 'drafts')).toMatchObject({ action: 'delete', document: { id: replyDraft } });
    expect((await inbox.api.post(`conversations/${first.id}/notes`, { message: 'Refund done', draft_id: noteDraft })).status).toBe(201);
    expect(await stored()).toEqual([]);
    // A draft already gone (the device's own blank save got there first) changes nothing.
    expect((await inbox.api.post(`conversations/${first.id}/notes`, { message: 'Again', draft_id: noteDraft })).status).toBe(201);

    // Another agent's draft, or one of another conversation, is refused, and nothing is sent.
    await save(inbox.api, second.id, { draft_id: draftIdFor(me, second.id, 'REPLY'), attributes: { message: 'Kept' } });
    const messages = async () => Number((await suite.db().selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('conversation_id', '=', second.id).executeTakeFirstOrThrow()).n);
    const before = await messages();
    const squat = await alex.api.post(`conversations/${second.id}/reply`, { message: 'Hi', draft_id: draftIdFor(me, second.id, 'REPLY') });
    expect(squat.status).toBe(400);
    expect(squat.body).toEqual({ errors: { draft_id: `must start with d-${alex.session.agent.id}-` } });
    await save(inbox.api, first.id, { draft_id: replyDraft, attributes: { message: 'Back on the first' } });
    const wrongConversation = await inbox.api.post(`conversations/${second.id}/reply`, { message: 'Hi', draft_id: replyDraft });
    expect(wrongConversation.body).toEqual({ errors: { draft_id: 'belongs to another conversation' } });
    expect((await inbox.api.post(`conversations/${second.id}/reply`, { message: 'Hi', draft_id: 'draft-1' })).status).toBe(400);
    expect(await messages()).toBe(before);
    expect(await stored()).toEqual([replyDraft]);
    await alexSocket.close();
  });

  it('a draft reaches only its writer and the teammates it is shared with: live, on catch-up and in the bootstrap', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const [alex, sam] = [await teammate(suite, inbox, 'alex'), await teammate(suite, inbox, 'sam')];
    const stream = (token: string, cursor?: number) => openStream(suite.server.url, { token, init: cursor === undefined, ...(cursor === undefined ? {} : { cursor }) });
    const conversation = firstConversation(inbox);
    const [mine, alexSocket, samSocket] = [stream(inbox.session.token), stream(alex.session.token), stream(sam.session.token)];
    const [, alexReady, samReady] = await Promise.all([mine.untilReady(), alexSocket.untilReady(), samSocket.untilReady()]);
    /** A change everyone sees: once it arrived, any draft row written before it would have too. */
    const marker = async () => {
      const name = `Marker ${uid()}`;
      await inbox.api.post(`conversations/${conversation.id}/tags`, { name });
      const slug = name.toLowerCase().replace(/ /g, '-');
      const seen = (frame: StreamFrame) => frame.col === 'conversations' && (frame.document?.['tags'] as string[] | undefined)?.includes(slug) === true;
      await Promise.all([mine.next(seen), alexSocket.next(seen), samSocket.next(seen)]);
    };

    const id = draftIdFor(inbox.session.agent.id, conversation.id, 'REPLY');
    await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Private words' } });
    expect(await mine.next((frame) => frame.col === 'drafts')).toMatchObject({ action: 'insert', document: { id, message: 'Private words' } });
    await marker();
    expect(draftFrames(alexSocket.frames)).toEqual([]);

    await share(inbox.api, conversation.id, { draft_id: id, target_id: alex.session.agent.id });
    expect(await alexSocket.next((frame) => frame.col === 'drafts')).toMatchObject({
      action: 'update',
      document: { id, message: 'Private words', shared_with: [alex.session.agent.id] },
    });
    await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: 'Shared words' } });
    expect(await alexSocket.next((frame) => frame.col === 'drafts')).toMatchObject({ action: 'update', document: { message: 'Shared words' } });
    expect((await mine.next((frame) => frame.col === 'drafts' && frame.document?.['message'] === 'Shared words')).action).toBe('update');
    await marker();
    expect(draftFrames(samSocket.frames)).toEqual([]);

    // Bootstrap: alex gets the shared draft, sam none.
    const [alexBoot, samBoot] = [stream(alex.session.token), stream(sam.session.token)];
    const [alexFetched, samFetched] = await Promise.all([alexBoot.untilReady(), samBoot.untilReady()]);
    const fetchedDrafts = (frames: StreamFrame[]) => frames.filter((f) => f.action === 'fetch' && f.col === 'drafts').flatMap((f) => f.documents ?? []);
    expect(fetchedDrafts(alexFetched.before)).toMatchObject([{ id, message: 'Shared words', shared_with: [alex.session.agent.id] }]);
    expect(fetchedDrafts(samFetched.before)).toEqual([]);
    // Catch-up from before the draft existed: the same split.
    const [alexLate, samLate] = [stream(alex.session.token, alexReady.ready.cursor), stream(sam.session.token, samReady.ready.cursor)];
    const [alexMissed, samMissed] = await Promise.all([alexLate.untilReady(), samLate.untilReady()]);
    expect(draftFrames(alexMissed.before).map((f) => f.action)).toEqual(['update', 'update']);
    expect(draftFrames(samMissed.before)).toEqual([]);
    expect(samMissed.before.some((f) => f.col === 'conversations')).toBe(true);

    // Deleting it tells both of its readers.
    await save(inbox.api, conversation.id, { draft_id: id, attributes: { message: '' } });
    expect(await alexSocket.next((frame) => frame.col === 'drafts')).toMatchObject({ action: 'delete', document: { id } });
    expect(await mine.next((frame) => frame.col === 'drafts' && frame.action === 'delete')).toMatchObject({ document: { id } });
    await marker();
    expect(draftFrames(samSocket.frames)).toEqual([]);
    await Promise.all([mine, alexSocket, samSocket, alexBoot, samBoot, alexLate, samLate].map((socket) => socket.close()));
  });
});
