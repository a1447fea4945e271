import { expect, it } from 'vitest';
import { writtenFrameText } from '../../src/protocol/realtime';
import { readMetrics } from '../support/metrics';
import { openStream, type StreamFrame } from '../support/stream-client';
import { describeEachDatabase, useServerSuite } from './server-suite';
import { signUpWithInbox } from './sync-fixtures';

/** Smaller than the organization below, and than its frame of messages (two per conversation). */
const WINDOW = 100;
const CONVERSATIONS = 80;

const paceWaits = async (origin: string, outcome: 'answered' | 'timed_out') => (await readMetrics(origin)).value('inbox_bootstrap_pace_waits_total', { outcome });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const documentsOf = (frame: StreamFrame) => (frame.action === 'fetch' ? (frame.documents?.length ?? 0) : 0);
const conversationIds = (frames: StreamFrame[]) =>
  frames.filter((f) => f.action === 'fetch' && f.col === 'conversations').flatMap((f) => (f.documents ?? []).map((d) => d['id'] as number));

describeEachDatabase('bootstrap: paced by what the client has written', (database) => {
  const suite = useServerSuite(database, { BOOTSTRAP_WINDOW_DOCS: String(WINDOW) });

  it('sends a client that asked no more than the window ahead of what it says it has written, and the rest as it answers', async () => {
    const inbox = await signUpWithInbox(suite, CONVERSATIONS, 2);
    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true, pace: true });
    await socket.next((f) => f.action === 'RESET');
    let seen = socket.frames.findIndex((f) => f.action === 'RESET') + 1;
    let received = 0;
    let answered = 0;
    // Every frame the server sent fits the window over what the client had answered when it was
    // sent (a frame larger than the window: once everything before it was answered).
    const take = () => {
      for (; seen < socket.frames.length; seen++) {
        const count = documentsOf(socket.frames[seen]!);
        if (count === 0) continue;
        expect(received + count <= answered + WINDOW || received <= answered, `${count} more documents after ${received}, ${answered} written`).toBe(true);
        received += count;
      }
    };

    // The first screen and what fits behind it, then nothing while the client writes nothing.
    for (let paint = 0; paint < 2; paint++) await socket.next((f) => f.action === 'PAINT');
    await sleep(400);
    take();
    const held = socket.frames.length;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(WINDOW);
    await sleep(300);
    expect(socket.frames.length).toBe(held);
    expect(socket.frames.some((f) => f.action === 'READY')).toBe(false);

    // Answering as a device does after each commit: the rest comes, a window at a time.
    const answeredBefore = await paceWaits(suite.server.url, 'answered');
    let answers = 0;
    while (!socket.frames.some((f) => f.action === 'READY')) {
      if (received > answered) {
        answered = received;
        answers += 1;
        socket.send(writtenFrameText(answered));
      }
      await socket.next();
      take();
    }
    await socket.close();
    expect(answers).toBeGreaterThanOrEqual(3);
    expect(conversationIds(socket.frames).sort()).toEqual(inbox.conversations.map((c) => c.id).sort());
    // At least the wait the server was in while the client held its answers ended answered.
    expect(await paceWaits(suite.server.url, 'answered')).toBeGreaterThan(answeredBefore);
  });

  it('sends everything at once to a client that did not ask, without waiting for any answer', async () => {
    const inbox = await signUpWithInbox(suite, CONVERSATIONS, 2);
    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true });
    await socket.next((f) => f.action === 'RESET');
    const { before } = await socket.untilReady();
    await socket.close();
    expect(before.reduce((sum, frame) => sum + documentsOf(frame), 0)).toBeGreaterThan(WINDOW * 2);
    expect(conversationIds(socket.frames).sort()).toEqual(inbox.conversations.map((c) => c.id).sort());
  });
});

describeEachDatabase('bootstrap: a paced client that stops answering', (database) => {
  const STALL_MS = 300;
  const suite = useServerSuite(database, { BOOTSTRAP_WINDOW_DOCS: String(WINDOW), BOOTSTRAP_STALL_MS: String(STALL_MS) });

  it('still gets everything, a window per BOOTSTRAP_STALL_MS, and /metrics counts each wait that ran out', async () => {
    const inbox = await signUpWithInbox(suite, CONVERSATIONS, 2);
    const before = await paceWaits(suite.server.url, 'timed_out');
    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true, pace: true });
    await socket.next((f) => f.action === 'RESET');
    // The client answers the first screen's PAINTs (as the worker does) and then never a WRITTEN.
    const startedAt = Date.now();
    const { before: documents } = await socket.untilReady();
    const tookMs = Date.now() - startedAt;
    await socket.close();
    const total = documents.reduce((sum, frame) => sum + documentsOf(frame), 0);
    expect(total).toBeGreaterThan(WINDOW * 2);
    expect(conversationIds(socket.frames).sort()).toEqual(inbox.conversations.map((c) => c.id).sort());
    const stalls = (await paceWaits(suite.server.url, 'timed_out')) - before;
    expect(stalls).toBeGreaterThanOrEqual(2);
    expect(tookMs).toBeGreaterThanOrEqual(stalls * STALL_MS * 0.9);
  });
});
