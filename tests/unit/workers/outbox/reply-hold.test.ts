import { describe, expect, it } from 'vitest';
import { conversation, message, testHarnesses } from '../../support/worker-harness';
import type { Harness } from '../../support/worker-harness';

const harnesses = testHarnesses();
const started = harnesses.start;

/** The server's READY, naming the reply hold (`reply_hold_s`) as the server sends it, or leaving it out like an older server. */
async function ready(h: Harness, document: Record<string, unknown>): Promise<void> {
  h.socket().open();
  h.socket().receive({ action: 'READY', cursor: 0, document: { window_days: 90, ...document } });
  await h.settle();
}

async function heldReply(h: Harness, text: string) {
  await h.engine.mutate({ kind: 'reply', conversation_id: 1, message: text });
  return h.db.messages.filter((m) => m.message === text).first();
}

describe('the reply hold the server told the device', () => {
  it('a reply written offline after a reload is held as long as the last READY said: its message, its countdown and its release', async () => {
    const first = await started();
    await first.db.conversations.put(conversation({ id: 1 }));
    await ready(first, { reply_hold_s: 2 });
    expect(await first.db.meta.get('reply-hold')).toEqual({ key: 'reply-hold', seconds: 2 });
    await harnesses.close(first);

    const h = await started({ reuse: first, online: false });
    const sentAt = h.clock.now();
    const temp = await heldReply(h, 'Two seconds');
    expect(temp).toMatchObject({ status: 'PENDING', delay: 2, deliver_at: sentAt + 2000 });
    const release = (await h.db.outbox.toArray()).find((row) => row.kind === 'release');
    expect(release).toMatchObject({ args: { release_at: sentAt + 2000 }, send_at: sentAt + 2000 });

    // Back online: the reply goes without the hold (the server holds it by its own), its release at 2 s.
    h.network.set(true);
    const [reply] = await h.waitForCalls(1);
    expect(reply?.body).toEqual({ message: 'Two seconds', target_id: temp?.id, sent_at: sentAt, awaits_release: true });
    reply?.reply(201, { message: message({ id: 'm-7', status: 'PENDING', delay: 2, deliver_at: sentAt + 2000, target_id: temp?.id ?? null, version: 3 }), generated_id: 'm-7' });
    await h.settle();
    h.clock.advance(1999);
    await h.settle();
    expect(h.http.calls).toHaveLength(1);
    h.clock.advance(1);
    const [, released] = await h.waitForCalls(2);
    expect(released?.url).toBe('http://inbox.test/api/conversations/1/messages/m-7/release');
  });

  it("holds 10 s before the device has heard a hold, and keeps the last one heard when a READY names none or one the server cannot set", async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1 }));
    expect(await heldReply(h, 'Never heard')).toMatchObject({ delay: 10, deliver_at: h.clock.now() + 10_000 });

    await ready(h, { reply_hold_s: 3 });
    expect(await heldReply(h, 'Heard three')).toMatchObject({ delay: 3, deliver_at: h.clock.now() + 3000 });
    for (const hold of [undefined, 0, 61, 2.5, '5']) {
      await ready(h, hold === undefined ? {} : { reply_hold_s: hold });
      expect(await h.db.meta.get('reply-hold')).toEqual({ key: 'reply-hold', seconds: 3 });
    }
    expect(await heldReply(h, 'Still three')).toMatchObject({ delay: 3 });
  });

  it('a conversation started by email holds its first message as long, and a chat reply is still not held', async () => {
    const h = await started({ online: false });
    await h.db.conversations.put(conversation({ id: 2, channel: 'CHAT' }));
    await h.db.meta.put({ key: 'reply-hold', seconds: 4 });
    const now = h.clock.now();
    await h.engine.mutate({ kind: 'new-conversation', conversation_id: -42, agent_id: 7, to: 'lee@prospect.example', subject: 'Your trial', message: 'Hi Lee' });
    expect(await h.db.messages.where('conversation_id').equals(-42).first()).toMatchObject({ status: 'PENDING', delay: 4, deliver_at: now + 4000 });
    await h.engine.mutate({ kind: 'reply', conversation_id: 2, message: 'hi' });
    expect(await h.db.messages.where('conversation_id').equals(2).first()).toMatchObject({ source: 'CHAT', delay: 0, deliver_at: now });
  });
});
