import { expect, it } from 'vitest';
import { MUTATION_BATCH_PATH, type MutationBatchAnswer } from '../../src/protocol/api/mutation-batch';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Conversation, Message } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { invitedTeammate } from './teammates';
import { signUpWithInbox, type Inbox } from './sync-fixtures';

type Item = { mutation_id: string; method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown };

const session = () => ({ [SESSION_HEADER]: `session-${uid()}` });

/**
 * The outbox's batch: several mutations in one request, each answered as if it had come alone
 * (its route's checks, its organization, its once-only answer under its mutation id).
 */
describeEachDatabase('mutation batches', (database) => {
  const suite = useServerSuite(database);
  const batch = (inbox: Pick<Inbox, 'api'>, mutations: Item[], headers: Record<string, string>) =>
    inbox.api.post<MutationBatchAnswer>(MUTATION_BATCH_PATH, { mutations }, { headers });
  const notes = async (inbox: Inbox, id: number) =>
    (await inbox.api.get<{ messages: Message[] }>(`conversations/${id}/messages/?limit=100`)).body.messages.filter((m) => m.type === 'NOTE').map((m) => m.message);

  it('applies every item in order and answers each with its own status and body', async () => {
    const inbox = await signUpWithInbox(suite, 2, 1);
    const [a, b] = inbox.conversations as [Conversation, Conversation];
    const answer = await batch(
      inbox,
      [
        { mutation_id: `m-${uid()}`, method: 'POST', path: `conversations/${a.id}/status`, body: { status: 'CLOSED' } },
        { mutation_id: `m-${uid()}`, method: 'POST', path: `conversations/${b.id}/tags`, body: { name: 'batched' } },
        { mutation_id: `m-${uid()}`, method: 'POST', path: `conversations/${b.id}/status`, body: { status: 'SNOOZED' } },
        { mutation_id: `m-${uid()}`, method: 'POST', path: `conversations/${a.id}/notes`, body: { message: 'first' } },
        { mutation_id: `m-${uid()}`, method: 'POST', path: `conversations/${a.id}/notes`, body: { message: 'second' } },
      ],
      session(),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result) => result.status)).toEqual([200, 200, 400, 201, 201]);
    expect(answer.body.results[1]?.body).toMatchObject({ id: b.id, tags: expect.arrayContaining(['batched']) as unknown });
    expect(answer.body.results[2]?.body).toHaveProperty('errors');
    expect((await inbox.api.get<Conversation>(`conversations/${a.id}`)).body.status).toBe('CLOSED');
    expect((await notes(inbox, a.id)).filter((text) => text === 'first' || text === 'second')).toEqual(['first', 'second']);
  });

  it('a batch sent again is applied once: each item replays its stored answer', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = inbox.conversations[0] as Conversation;
    const headers = session();
    const items: Item[] = [{ mutation_id: `m-${uid()}`, method: 'POST', path: `conversations/${id}/notes`, body: { message: 'once only' } }];
    const first = await batch(inbox, items, headers);
    const again = await batch(inbox, items, headers);
    expect(again.body.results).toEqual(first.body.results);
    // The same row sent alone (a retry by a tab whose batch went unanswered) replays too.
    const alone = await inbox.api.post(`conversations/${id}/notes`, { message: 'once only' }, { headers: { ...headers, [MUTATION_HEADER]: items[0]?.mutation_id ?? '' } });
    expect(alone.headers.get('x-mutation-replayed')).toBe('true');
    expect((await notes(inbox, id)).filter((text) => text === 'once only')).toHaveLength(1);
  });

  it("another organization's conversation is not found, and a missing permission is refused, item by item", async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const other = await signUpWithInbox(suite, 1, 1);
    const theirs = other.conversations[0] as Conversation;
    const answer = await batch(inbox, [{ mutation_id: `m-${uid()}`, method: 'POST', path: `conversations/${theirs.id}/tags`, body: { name: 'intruder' } }], session());
    expect(answer.body.results[0]?.status).toBe(404);
    expect((await other.api.get<Conversation>(`conversations/${theirs.id}`)).body.tags).not.toContain('intruder');

    const mate = await invitedTeammate(suite, inbox);
    const refused = await batch({ api: mate }, [{ mutation_id: `m-${uid()}`, method: 'POST', path: 'tags/', body: { name: 'Not allowed' } }], session());
    expect(refused.status).toBe(200);
    expect(refused.body.results[0]?.status).toBe(403);
  });

  it('needs a session, and refuses a malformed batch with 400 before running any item', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = inbox.conversations[0] as Conversation;
    const note = (path: string, mutationId = `m-${uid()}`): Item => ({ mutation_id: mutationId, method: 'POST', path, body: { message: 'never' } });
    expect((await suite.client().post(MUTATION_BATCH_PATH, { mutations: [note(`conversations/${id}/notes`)] })).status).toBe(401);
    const malformed: unknown[] = [
      { mutations: [] },
      { mutations: Array.from({ length: 51 }, () => note(`conversations/${id}/notes`)) },
      { mutations: [{ ...note(`conversations/${id}/notes`), method: 'GET' }] },
      { mutations: [note(`conversations/${id}/notes`), note('../auth/login')] },
      { mutations: [note(`conversations/${id}/notes`), note('%2e%2e/auth/login')] },
      { mutations: [note(`conversations/${id}/notes`), note('conversations%2F1/notes')] },
      { mutations: [note(`conversations/${id}/notes`), note(MUTATION_BATCH_PATH)] },
      { mutations: [note(`conversations/${id}/notes`), note(`conversations/${id}/notes`, 'bad\u0007id')] },
      { mutations: [note(`conversations/${id}/notes\u0000`)] },
    ];
    for (const body of malformed) {
      const answer = await inbox.api.post(MUTATION_BATCH_PATH, body, { headers: session() });
      expect(answer.status).toBe(400);
      expect(answer.body).toHaveProperty('errors');
    }
    expect(await notes(inbox, id)).not.toContain('never');
  });
});
