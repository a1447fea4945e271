import { describe, expect, it } from 'vitest';
import type { MutationInput } from '../../../../src/client-db/outbox-row';
import type { Draft } from '../../../../src/protocol/documents';
import { draftIdFor } from '../../../../src/protocol/drafts';
import { conversation, message, testHarnesses } from '../../support/worker-harness';
import type { Harness, HarnessOptions } from '../../support/worker-harness';

const harnesses = testHarnesses();

async function started(options: HarnessOptions = {}) {
  const h = await harnesses.start(options);
  await h.db.conversations.put(conversation({ id: 1 }));
  return h;
}

const ME = 7;
const ID = draftIdFor(ME, 1, 'REPLY');
const typed = (text: string): MutationInput => ({ kind: 'draft', conversation_id: 1, draft_id: ID, agent_id: ME, type: 'REPLY', message: text });
const serverDraft = (overrides: Partial<Draft> = {}): Draft => ({
  id: ID,
  conversation_id: 1,
  agent_id: ME,
  type: 'REPLY',
  message: '',
  shared_with: [],
  updated_at: 1,
  version: 1,
  ...overrides,
});
/** Types `text` one character at a time, as the composer saves it. */
async function type(h: Harness, text: string, from = '') {
  for (let end = from.length + 1; end <= text.length; end += 1) await h.engine.mutate(typed(text.slice(0, end)));
}

describe('drafts in the worker', () => {
  it('every keystroke shows at once; while the row waits it takes the new text, so one request carries the latest', async () => {
    const h = await started({ online: false });
    await type(h, 'Hello');
    expect(await h.db.drafts.get(ID)).toMatchObject({ message: 'Hello', agent_id: ME, type: 'REPLY', shared_with: [] });
    const rows = await h.db.outbox.toArray();
    expect(rows).toHaveLength(1);

    h.network.set(true);
    const [call] = await h.waitForCalls(1);
    await h.settle();
    expect(h.http.calls).toHaveLength(1);
    expect(call?.method).toBe('PATCH');
    expect(call?.url).toBe('http://inbox.test/api/conversations/1/drafts/');
    expect(call?.body).toEqual({ draft_id: ID, attributes: { message: 'Hello', type: 'REPLY' } });
    call?.reply(200, { draft: serverDraft({ message: 'Hello', version: 5 }) });
    await h.settle();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.bases.count()).toBe(0);
    expect(await h.db.drafts.get(ID)).toMatchObject({ message: 'Hello', version: 5 });
  });

  it('typing while a save is out queues one more row, which takes every later keystroke under a new mutation id', async () => {
    const h = await started();
    await type(h, 'Hi');
    const [first] = await h.waitForCalls(1);
    await type(h, 'Hi there', 'Hi');
    expect(await h.db.drafts.get(ID)).toMatchObject({ message: 'Hi there' });
    expect((await h.db.outbox.orderBy('seq').toArray()).map((row) => [row.state, row.args.kind === 'draft' && row.args.message])).toEqual([
      ['sending', 'Hi'],
      ['queued', 'Hi there'],
    ]);
    first?.reply(200, { draft: serverDraft({ message: 'Hi', version: 5 }) });
    const calls = await h.waitForCalls(2);
    await h.settle();
    expect(h.http.calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ draft_id: ID, attributes: { message: 'Hi there', type: 'REPLY' } });
    expect(calls[1]?.headers['x-mutation-id']).not.toBe(first?.headers['x-mutation-id']);
    // The first answer (older text) never showed over what was typed since.
    expect(await h.db.drafts.get(ID)).toMatchObject({ message: 'Hi there' });
    calls[1]?.reply(200, { draft: serverDraft({ message: 'Hi there', version: 6 }) });
    await h.settle();
    expect(await h.db.drafts.get(ID)).toMatchObject({ message: 'Hi there', version: 6 });
  });

  it('a retried save that takes new text goes out under a new mutation id', async () => {
    const h = await started();
    await type(h, 'A');
    const [lost] = await h.waitForCalls(1);
    lost?.failNetwork();
    await h.settle();
    expect((await h.db.outbox.toArray()).map((row) => [row.state, row.attempts])).toEqual([['queued', 1]]);
    await type(h, 'AB', 'A');
    h.clock.advance(500);
    const calls = await h.waitForCalls(2);
    expect(calls[1]?.body).toEqual({ draft_id: ID, attributes: { message: 'AB', type: 'REPLY' } });
    expect(calls[1]?.headers['x-mutation-id']).not.toBe(lost?.headers['x-mutation-id']);
  });

  it('a keystroke after another action of the conversation is queued behind it, never moved ahead of it', async () => {
    const h = await started({ online: false });
    await type(h, 'Can you');
    await h.engine.mutate({ kind: 'share-draft', conversation_id: 1, draft_id: ID, target_id: 9 });
    await type(h, 'Can you check', 'Can you');
    expect(await h.db.drafts.get(ID)).toMatchObject({ message: 'Can you check', shared_with: [9] });
    expect((await h.db.outbox.orderBy('seq').toArray()).map((row) => row.kind)).toEqual(['draft', 'share-draft', 'draft']);

    h.network.set(true);
    const [save] = await h.waitForCalls(1);
    save?.reply(200, { draft: serverDraft({ message: 'Can you', version: 3 }) });
    const calls = await h.waitForCalls(2);
    expect(calls[1]?.url).toBe('http://inbox.test/api/conversations/1/drafts/share');
    expect(calls[1]?.body).toEqual({ draft_id: ID, target_id: 9 });
    calls[1]?.reply(200, { draft: serverDraft({ message: 'Can you', shared_with: [9], version: 4 }) });
    const [, , last] = await h.waitForCalls(3);
    expect(last?.body).toEqual({ draft_id: ID, attributes: { message: 'Can you check', type: 'REPLY' } });
  });

  it('a read or a tag of the conversation queued between keystrokes does not split the waiting save', async () => {
    const h = await started({ online: false });
    await type(h, 'Hello');
    await h.engine.mutate({ kind: 'read', conversation_id: 1 });
    await h.engine.mutate({ kind: 'tag', conversation_id: 1, name: 'Billing' });
    await type(h, 'Hello there', 'Hello');
    expect((await h.db.outbox.orderBy('seq').toArray()).map((row) => row.kind)).toEqual(['draft', 'read', 'tag']);
    expect((await h.db.outbox.orderBy('seq').first())?.args).toMatchObject({ kind: 'draft', message: 'Hello there' });
  });

  it('sending a reply deletes its draft in the same transaction, and the server is told with the reply and again after it', async () => {
    const h = await started({ online: false });
    await type(h, 'Thanks!');
    await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: 'Thanks!', draft_id: ID });
    expect(await h.db.drafts.get(ID)).toBeUndefined();
    expect((await h.db.outbox.orderBy('seq').toArray()).map((row) => row.kind)).toEqual(['draft', 'reply', 'draft', 'release']);

    h.network.set(true);
    const [save] = await h.waitForCalls(1);
    save?.reply(200, { draft: serverDraft({ message: 'Thanks!', version: 3 }) });
    const [, reply] = await h.waitForCalls(2);
    expect(reply?.url).toBe('http://inbox.test/api/conversations/1/reply');
    // The reply names the draft: the server deletes it even if this device is never heard from again.
    expect(reply?.body).toMatchObject({ message: 'Thanks!', draft_id: ID });
    // The saved copy of the draft never comes back while its deletion waits.
    expect(await h.db.drafts.get(ID)).toBeUndefined();
    reply?.reply(201, { message: message({ id: 'm-9', target_id: (reply.body as { target_id: string }).target_id, version: 4 }), generated_id: 'm-9' });
    const [, , clear] = await h.waitForCalls(3);
    expect(clear?.body).toEqual({ draft_id: ID, attributes: { message: '', type: 'REPLY' } });
    expect(clear?.headers['x-mutation-id']).toBe(`${String(reply?.headers['x-mutation-id'])}:draft`);
    clear?.reply(200, { draft: null });
    await h.settle();
    expect(await h.db.drafts.get(ID)).toBeUndefined();
    // The reply's release, at the end of its delay.
    h.clock.advance(10_000);
    const [, , , release] = await h.waitForCalls(4);
    release?.reply(200, message({ id: 'm-9', version: 5 }));
    await h.settle();
    expect(await h.db.bases.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('text not yet sent survives a reload and goes out after it', async () => {
    const first = await started({ online: false });
    await type(first, 'Offline words');
    await harnesses.close(first);
    const second = harnesses.create({ reuse: first, online: false });
    expect(await second.db.drafts.get(ID)).toMatchObject({ message: 'Offline words' });
    await second.engine.start();
    second.network.set(true);
    const [call] = await second.waitForCalls(1);
    expect(call?.body).toEqual({ draft_id: ID, attributes: { message: 'Offline words', type: 'REPLY' } });
  });

  it('a RESET keeps text still waiting to be sent; saved drafts come back with the bootstrap', async () => {
    const h = await started({ online: false });
    const note = draftIdFor(ME, 2, 'NOTE');
    h.socket().open();
    h.socket().receive({ action: 'insert', col: 'drafts', document: serverDraft({ id: note, conversation_id: 2, type: 'NOTE', message: 'Saved', version: 3 }), cursor: 3 });
    await type(h, 'Unsent');
    h.socket().receive({ action: 'RESET' });
    await h.settle();
    expect((await h.db.drafts.toArray()).map((draft) => draft.message)).toEqual(['Unsent']);
    h.socket().receive({ action: 'fetch', col: 'drafts', documents: [serverDraft({ id: note, conversation_id: 2, type: 'NOTE', message: 'Saved', version: 3 })] });
    h.socket().receive({ action: 'READY', cursor: 3 });
    await h.settle();
    expect((await h.db.drafts.orderBy('id').toArray()).map((draft) => draft.message)).toEqual(['Unsent', 'Saved']);
  });

  it('a copy from the stream never overwrites text still waiting to be sent; once sent, newer copies show', async () => {
    const h = await started({ online: false });
    h.socket().open();
    h.socket().receive({ action: 'insert', col: 'drafts', document: serverDraft({ message: 'From my laptop', version: 10 }), cursor: 10 });
    await h.settle();
    expect(await h.db.drafts.get(ID)).toMatchObject({ message: 'From my laptop' });
    await type(h, 'From my phone');
    h.socket().receive({ action: 'update', col: 'drafts', document: serverDraft({ message: 'From my laptop, later', version: 11 }), cursor: 11 });
    await h.settle();
    expect(await h.db.drafts.get(ID)).toMatchObject({ message: 'From my phone' });

    h.network.set(true);
    const [call] = await h.waitForCalls(1);
    call?.reply(200, { draft: serverDraft({ message: 'From my phone', version: 12 }) });
    await h.settle();
    expect(await h.db.drafts.get(ID)).toMatchObject({ message: 'From my phone', version: 12 });
    h.socket().receive({ action: 'delete', col: 'drafts', document: { id: ID }, cursor: 13 });
    await h.settle();
    expect(await h.db.drafts.get(ID)).toBeUndefined();
  });
});
