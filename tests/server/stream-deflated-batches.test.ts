import { expect, it } from 'vitest';
import { openStream, type StreamFrame } from '../support/stream-client';
import { describeEachDatabase, useServerSuite } from './server-suite';
import { signUpWithInbox } from './sync-fixtures';

const CONVERSATIONS = 60;

const conversationIds = (frames: StreamFrame[]) =>
  frames.filter((f) => f.action === 'fetch' && f.col === 'conversations').flatMap((f) => (f.documents ?? []).map((d) => d['id'] as number));
const messageIds = (frames: StreamFrame[]) =>
  frames.filter((f) => f.action === 'fetch' && f.col === 'messages').flatMap((f) => (f.documents ?? []).map((d) => d['id'] as string));

describeEachDatabase('bootstrap: deflated batches', (database) => {
  const suite = useServerSuite(database);

  it('sends a client that asked the first screen as text and the rest as deflated binary frames of the same documents', async () => {
    const inbox = await signUpWithInbox(suite, CONVERSATIONS, 2);
    const asked = openStream(suite.server.url, { token: inbox.session.token, init: true, deflatedBatches: true });
    await asked.next((f) => f.action === 'RESET');
    const { before, ready } = await asked.untilReady();
    await asked.close();
    const plain = openStream(suite.server.url, { token: inbox.session.token, init: true });
    await plain.next((f) => f.action === 'RESET');
    const other = await plain.untilReady();
    await plain.close();

    const lastPaint = before.map((f) => f.action).lastIndexOf('PAINT');
    expect(lastPaint).toBeGreaterThan(0);
    // The first screen is small: it stays text (the socket's own compression).
    expect(before.slice(0, lastPaint + 1).some((f) => f.deflated)).toBe(false);
    const rest = before.slice(lastPaint + 1);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((f) => f.deflated === true && f.action === 'fetch')).toBe(true);
    expect(ready.deflated).toBeUndefined();
    // The same documents as a client that did not ask, which gets text only.
    expect(other.before.some((f) => f.deflated)).toBe(false);
    expect(conversationIds(before).sort()).toEqual(inbox.conversations.map((c) => c.id).sort());
    expect(conversationIds(before).sort()).toEqual(conversationIds(other.before).sort());
    expect(messageIds(before).sort()).toEqual(messageIds(other.before).sort());
    expect(new Set(messageIds(before)).size).toBeGreaterThanOrEqual(CONVERSATIONS * 2);
  });

  it('keeps a reconnecting client that has a cursor on text frames (only a bootstrap is batched)', async () => {
    const inbox = await signUpWithInbox(suite, 3, 1);
    const first = openStream(suite.server.url, { token: inbox.session.token, init: true, deflatedBatches: true });
    const { ready } = await first.untilReady();
    await first.close();
    const again = openStream(suite.server.url, { token: inbox.session.token, cursor: ready.cursor ?? 0, deflatedBatches: true });
    const caughtUp = await again.untilReady();
    await again.close();
    expect([...caughtUp.before, caughtUp.ready].some((f) => f.deflated)).toBe(false);
  });
});
