import { describe, expect, it } from 'vitest';
import { conversationViewPath, customInboxViewPath, startingConversationId } from '../../../../src/app/screens/conversation-filter';
import { newTemporaryConversationId } from '../../../../src/app/screens/conversations/new/temporary-conversation-id';
import { conversation, message, startedHarnesses } from '../../support/worker-harness';

const started = startedHarnesses();

const START = { kind: 'new-conversation', conversation_id: -42, agent_id: 7, to: 'lee@prospect.example', subject: 'Your trial', message: 'Hi Lee' } as const;

describe('a conversation started on this device', () => {
  it('shows at once under its temporary id with its held message, and the server copy replaces both', async () => {
    const h = await started();
    await h.engine.mutate(START);
    expect(await h.db.conversations.get(-42)).toMatchObject({ subject: 'Your trial', agent_id: 7, status: 'OPENED', recipients: [{ from: 'lee@prospect.example' }] });
    const [temp] = await h.db.messages.where('conversation_id').equals(-42).toArray();
    expect(temp).toMatchObject({ status: 'PENDING', type: 'MESSAGE', message: 'Hi Lee', agent_id: 7 });
    const [call] = await h.waitForCalls(1);
    expect([call?.method, call?.url]).toEqual(['POST', 'http://inbox.test/api/conversations/']);
    expect(call?.body).toMatchObject({ to: 'lee@prospect.example', subject: 'Your trial', message: 'Hi Lee', target_id: temp?.id });
    call?.reply(201, {
      conversation: conversation({ id: 90, subject: 'Your trial', agent_id: 7, version: 3 }),
      message: message({ id: 'm-900', conversation_id: 90, status: 'PENDING', target_id: temp?.id ?? null, version: 4 }),
      generated_id: 'm-900',
    });
    await h.settle();
    expect(await h.db.conversations.get(-42)).toBeUndefined();
    expect(await h.db.conversations.get(90)).toMatchObject({ subject: 'Your trial' });
    expect(await h.db.messages.get(temp?.id ?? '')).toBeUndefined();
    expect(await h.db.messages.where('target_id').equals(temp?.id ?? '').first()).toMatchObject({ id: 'm-900', conversation_id: 90 });
  });

  it('undone before it leaves the device (offline), the conversation and its message are gone and nothing is sent', async () => {
    const h = await started({ online: false });
    await h.engine.mutate(START);
    const [temp] = await h.db.messages.toArray();
    await h.engine.undoSend(temp?.id ?? '');
    expect(await h.db.conversations.get(-42)).toBeUndefined();
    expect(await h.db.messages.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
    h.network.set(true);
    await h.settle();
    h.clock.advance(60_000);
    await h.settle();
    expect(h.http.calls).toHaveLength(0);
  });

  it('undone while on its way, the undo waits and goes to the conversation the server made', async () => {
    const h = await started();
    await h.engine.mutate(START);
    const [send] = await h.waitForCalls(1);
    const tempId = (send?.body as { target_id: string }).target_id;
    await h.engine.undoSend(tempId);
    await h.settle();
    expect(h.http.calls).toHaveLength(1);
    send?.reply(201, {
      conversation: conversation({ id: 91, version: 3 }),
      message: message({ id: 'm-901', conversation_id: 91, status: 'PENDING', target_id: tempId, version: 4 }),
      generated_id: 'm-901',
    });
    const calls = await h.waitForCalls(2);
    expect(calls[1]?.url).toBe('http://inbox.test/api/conversations/91/messages/m-901/undo');
  });
});

describe('its address', () => {
  it('a temporary id opens conversations/starting/{n}, read back as the same id; saved ids keep conversations/view/{id}', () => {
    const id = newTemporaryConversationId(1_700_000_000_000, 0.5);
    expect(id).toBeLessThan(0);
    expect(newTemporaryConversationId(1_700_000_000_000, 0.6)).not.toBe(id);
    const path = conversationViewPath('acme', id, 'inbox');
    expect(path).toBe(`/acme/conversations/starting/${-id}?filter=inbox`);
    expect(startingConversationId(String(-id))).toBe(id);
    expect(customInboxViewPath('acme', 5, 'vip')).toBe('/acme/conversations/view/5?inbox=vip');
    for (const raw of ['0', '-3', 'abc', '07', '1.5', '99999999999999999999']) expect(startingConversationId(raw)).toBeNull();
  });
});
