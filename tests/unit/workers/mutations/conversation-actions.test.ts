import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../../../src/protocol/error-texts';
import { conversation, message, startedHarnesses } from '../../support/worker-harness';
import type { Harness } from '../../support/worker-harness';

const started = startedHarnesses();

const threadIds = async (h: Harness, conversationId: number) =>
  (await h.db.messages.where('conversation_id').equals(conversationId).sortBy('timestamp_ts')).map((m) => m.id);

describe('conversation actions in the outbox', () => {
  it('a refused spam marking rolls the conversation back and shows the §8 spam text', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 4, tags: ['vip'], is_unread: true }));
    await h.engine.mutate({ kind: 'spam', conversation_id: 4, block: true });
    expect(await h.db.conversations.get(4)).toMatchObject({ status: 'CLOSED', is_unread: false, tags: ['vip', 'spam'] });

    const [call] = await h.waitForCalls(1);
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('http://inbox.test/api/conversations/4/spam');
    expect(call?.body).toEqual({ block: true });
    call?.reply(400, { errors: { block: 'must be true or false' } });
    await h.settle();

    expect(await h.db.conversations.get(4)).toMatchObject({ status: 'OPENED', is_unread: true, tags: ['vip'] });
    expect(h.events).toContainEqual({ type: 'mutation-failed', slug: h.slug, text: ERROR_TEXTS.spam });
    expect((await h.db.outbox.toArray()).map((row) => [row.state, row.error])).toEqual([['failed', ERROR_TEXTS.spam]]);
    expect(await h.db.bases.count()).toBe(0);
  });

  it('other refusals keep the server text, and a spam marking the server accepts stays', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 4 }));
    await h.engine.mutate({ kind: 'add-recipient', conversation_id: 4, email: 'Carol@Example.com' });
    expect((await h.db.conversations.get(4))?.recipients).toEqual([{ id: 0, from: 'carol@example.com', contact_id: 0 }]);
    const [add] = await h.waitForCalls(1);
    expect(add?.body).toEqual({ email: 'Carol@Example.com' });
    add?.reply(400, { errors: { email: 'is not a valid email address' } });
    await h.settle();
    expect((await h.db.conversations.get(4))?.recipients).toEqual([]);
    expect(h.events).toContainEqual({ type: 'mutation-failed', slug: h.slug, text: 'email: is not a valid email address' });

    await h.engine.mutate({ kind: 'spam', conversation_id: 4, block: false });
    const calls = await h.waitForCalls(2);
    calls[1]?.reply(200, conversation({ id: 4, status: 'CLOSED', is_unread: false, tags: ['spam'], version: 9 }));
    await h.settle();
    expect(await h.db.conversations.get(4)).toMatchObject({ status: 'CLOSED', tags: ['spam'], version: 9 });
    expect(await h.db.outbox.count()).toBe(1);
  });

  it('removes a recipient at once and sends its address in the path', async () => {
    const h = await started();
    const recipients = [
      { id: 1, from: 'ann@example.com', contact_id: 1 },
      { id: 2, from: 'bob+cc@example.com', contact_id: 2 },
    ];
    await h.db.conversations.put(conversation({ id: 4, recipients }));
    await h.engine.mutate({ kind: 'remove-recipient', conversation_id: 4, email: 'bob+cc@example.com' });
    expect((await h.db.conversations.get(4))?.recipients).toEqual([recipients[0]]);
    const [call] = await h.waitForCalls(1);
    expect(call?.method).toBe('DELETE');
    expect(call?.url).toBe('http://inbox.test/api/conversations/4/recipients/bob%2Bcc%40example.com');
  });

  it('a split moves the message and later ones out of the thread at once; the answer files them in the new conversation', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 4 }));
    await h.db.messages.bulkPut([
      message({ id: 'm-1', conversation_id: 4, timestamp_ts: 1000 }),
      message({ id: 'm-2', conversation_id: 4, timestamp_ts: 2000 }),
      message({ id: 'n-3', conversation_id: 4, type: 'NOTE', timestamp_ts: 2000 }),
      message({ id: 'm-4', conversation_id: 4, timestamp_ts: 3000 }),
      message({ id: 'm-9', conversation_id: 5, timestamp_ts: 4000 }),
    ]);
    await h.engine.mutate({ kind: 'split', conversation_id: 4, message_id: 'm-2' });
    expect(await threadIds(h, 4)).toEqual(['m-1']);
    expect((await h.db.outbox.toArray())[0]?.args).toMatchObject({ moved_ids: ['m-2', 'n-3', 'm-4'] });
    const [call] = await h.waitForCalls(1);
    expect(call?.url).toBe('http://inbox.test/api/conversations/4/split');
    expect(call?.body).toEqual({ message_id: 'm-2' });

    const moved = ['m-2', 'n-3', 'm-4'];
    call?.reply(200, {
      conversation: conversation({ id: 12, version: 20 }),
      source: conversation({ id: 4, last_update_ts: 1000, version: 24 }),
      messages: moved.map((id, index) =>
        message({ id, conversation_id: 12, type: id.startsWith('n-') ? 'NOTE' : 'MESSAGE', timestamp_ts: [2000, 2000, 3000][index] ?? 0, version: 21 + index }),
      ),
    });
    await h.settle();
    expect(await threadIds(h, 4)).toEqual(['m-1']);
    expect(await threadIds(h, 12)).toEqual(['m-2', 'n-3', 'm-4']);
    expect(await h.db.conversations.get(12)).toMatchObject({ id: 12, version: 20 });
    expect((await h.db.conversations.get(4))?.version).toBe(24);
    expect(await h.db.bases.count()).toBe(0);
    expect(await threadIds(h, 5)).toEqual(['m-9']);
  });

  it('a refused split puts the messages back in their thread', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 4 }));
    await h.db.messages.bulkPut([
      message({ id: 'm-1', conversation_id: 4, timestamp_ts: 1000 }),
      message({ id: 'm-2', conversation_id: 4, timestamp_ts: 2000 }),
    ]);
    await h.engine.mutate({ kind: 'split', conversation_id: 4, message_id: 'm-2' });
    expect(await threadIds(h, 4)).toEqual(['m-1']);
    const [call] = await h.waitForCalls(1);
    call?.reply(400, { errors: { message_id: 'is the first message: there is nothing before it to keep' } });
    await h.settle();
    expect(await threadIds(h, 4)).toEqual(['m-1', 'm-2']);
    expect(await h.db.bases.count()).toBe(0);
    expect(h.events).toContainEqual({
      type: 'mutation-failed',
      slug: h.slug,
      text: 'message_id: is the first message: there is nothing before it to keep',
    });
  });
});
