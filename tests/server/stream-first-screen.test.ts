import { expect, it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import { CONVERSATION_PAGE_SIZE } from '../../src/protocol/constants';
import type { ConversationStatistics } from '../../src/protocol/documents';
import { DEFAULT_INBOX_QUERY } from '../../src/protocol/inbox-query/inbox-query';
import { PAINTED_FRAME } from '../../src/protocol/realtime';
import { DEFAULT_FIRST_SCREEN_WAIT_MS } from '../../src/server/realtime/paint-acks';
import { readMetrics } from '../support/metrics';
import { openStream, type StreamFrame } from '../support/stream-client';
import { describeEachDatabase, useServerSuite } from './server-suite';
import { signUpWithInbox } from './sync-fixtures';

const CONVERSATIONS = 80;

const ids = (frames: StreamFrame[], col: string) =>
  frames.filter((f) => f.action === 'fetch' && f.col === col).flatMap((f) => (f.documents ?? []).map((d) => d['id'] as number | string));
const firstScreens = async (origin: string, outcome: 'timed_out') =>
  (await readMetrics(origin)).value('inbox_bootstrap_first_screens_total', { outcome });
const indexOfAction = (frames: StreamFrame[], action: string, from = 0) => frames.findIndex((f, i) => i >= from && f.action === action);

describeEachDatabase('bootstrap: the first screen first', (database) => {
  const suite = useServerSuite(database);

  it('sends the default inbox first page with its contacts and the unread counts, then PAINT, before any other document', async () => {
    const inbox = await signUpWithInbox(suite, CONVERSATIONS, 2);
    const search = new URLSearchParams({ search: DEFAULT_INBOX_QUERY, limit: String(CONVERSATION_PAGE_SIZE) });
    const firstPage = (await inbox.api.get<ConversationPage>(`conversations/?${search.toString()}`)).body.conversations;
    expect(firstPage.length).toBeGreaterThan(0);
    const statistics = (await inbox.api.get<ConversationStatistics>('conversations/status')).body.statistics;

    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true });
    expect((await socket.next()).action).toBe('VERSION');
    expect(await socket.next()).toEqual({ action: 'RESET' });
    const { before } = await socket.untilReady();
    await socket.close();

    const paint = indexOfAction(before, 'PAINT');
    const screen = before.slice(0, paint);
    // Tags, then the page's contacts, then the page in the inbox's order; then the counts.
    expect(screen.map((f) => (f.action === 'fetch' ? f.col : f.action))).toEqual(['tags', 'contacts', 'conversations']);
    expect(ids(screen, 'conversations')).toEqual(firstPage.map((c) => c.id));
    expect(new Set(ids(screen, 'contacts'))).toEqual(new Set(firstPage.map((c) => c.contact_id)));
    expect(before.slice(paint + 1, paint + 3)).toEqual([{ action: 'COUNTS', document: statistics }, { action: 'PAINT' }]);

    // Everything else follows once, without sending the first page again.
    const rest = before.slice(paint + 3);
    const conversationIds = [...ids(screen, 'conversations'), ...ids(rest, 'conversations')];
    expect(new Set(conversationIds).size).toBe(conversationIds.length);
    expect(conversationIds.sort()).toEqual(inbox.conversations.map((c) => c.id).sort());
    const contactIds = [...ids(screen, 'contacts'), ...ids(rest, 'contacts')];
    expect(new Set(contactIds).size).toBe(contactIds.length);
  });

  it('sends the open conversation and its messages right after the first screen, and open conversations before closed ones, newest first', async () => {
    const inbox = await signUpWithInbox(suite, CONVERSATIONS, 3);
    const closed = inbox.conversations.filter((c) => c.status === 'CLOSED');
    expect(closed.length).toBeGreaterThan(0);
    // An old closed conversation, named by the tab's address.
    const open = closed.at(-1)!;

    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true, open: open.id });
    await socket.next((f) => f.action === 'RESET');
    const { before } = await socket.untilReady();
    await socket.close();

    // The page, PAINT, COUNTS, PAINT: then the open conversation.
    const firstPaint = indexOfAction(before, 'PAINT', indexOfAction(before, 'COUNTS'));
    const secondPaint = indexOfAction(before, 'PAINT', firstPaint + 1);
    expect(secondPaint).toBeGreaterThan(firstPaint);
    const opened = before.slice(firstPaint + 1, secondPaint);
    expect(ids(opened, 'conversations')).toEqual([open.id]);
    const messages = opened.filter((f) => f.col === 'messages').flatMap((f) => f.documents ?? []);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(messages.every((m) => m['conversation_id'] === open.id)).toBe(true);

    const rest = before.slice(secondPaint + 1);
    // Its messages are not sent twice.
    expect(rest.flatMap((f) => (f.col === 'messages' ? (f.documents ?? []) : [])).some((m) => m['conversation_id'] === open.id)).toBe(false);
    // Not closed before closed, each group newest first; a page's messages follow it.
    const order = rest.filter((f) => f.col === 'conversations').flatMap((f) => f.documents ?? []);
    const firstClosed = order.findIndex((c) => c['status'] === 'CLOSED');
    expect(firstClosed).toBeGreaterThan(0);
    expect(order.slice(firstClosed).every((c) => c['status'] === 'CLOSED')).toBe(true);
    for (const group of [order.slice(0, firstClosed), order.slice(firstClosed)]) {
      const stamps = group.map((c) => c['last_update_ts'] as number);
      expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    }
    expect(rest.findIndex((f) => f.col === 'messages')).toBeGreaterThan(rest.findIndex((f) => f.col === 'conversations'));
  });

  it('ignores an open hint it cannot use: another organization\'s conversation, or a malformed id', async () => {
    const inbox = await signUpWithInbox(suite, 3, 1);
    const other = await signUpWithInbox(suite, 3, 1);
    const foreign = other.conversations[0]!;
    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true, open: foreign.id });
    await socket.next((f) => f.action === 'RESET');
    const { before } = await socket.untilReady();
    await socket.close();
    expect(before.filter((f) => f.action === 'PAINT')).toHaveLength(2);
    expect(ids(before, 'conversations')).not.toContain(foreign.id);
    const messages = before.filter((f) => f.col === 'messages').flatMap((f) => f.documents ?? []);
    expect(messages.some((m) => m['conversation_id'] === foreign.id)).toBe(false);
  });

  it('holds the rest of the organization until the client has answered every PAINT of the first screen', async () => {
    const inbox = await signUpWithInbox(suite, CONVERSATIONS, 2);
    const open = inbox.conversations.at(-1)!;
    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true, open: open.id, holdPaints: true });
    await socket.next((f) => f.action === 'RESET');
    // The page, COUNTS and the open conversation: three PAINTs, then nothing until they are answered.
    for (let paint = 0; paint < 3; paint++) await socket.next((f) => f.action === 'PAINT');
    const screen = socket.frames.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(socket.frames.length).toBe(screen);
    socket.send(PAINTED_FRAME);
    socket.send(PAINTED_FRAME);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(socket.frames.length).toBe(screen);

    socket.send(PAINTED_FRAME);
    const { before } = await socket.untilReady();
    await socket.close();
    const conversationIds = [...ids(socket.frames.slice(0, screen), 'conversations'), ...ids(before, 'conversations')];
    expect(conversationIds.sort()).toEqual(inbox.conversations.map((c) => c.id).sort());
  });

  it('sends the rest anyway to a client that never answers a PAINT, after a while', async () => {
    const inbox = await signUpWithInbox(suite, 10, 1);
    const timedOutBefore = await firstScreens(suite.server.url, 'timed_out');
    // Counted from before the stream opens: the server's wait starts after that, whenever this
    // busy process happens to read its PAINT, so the time can only be longer, never shorter.
    const openedAt = Date.now();
    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true, holdPaints: true });
    await socket.next((f) => f.action === 'RESET');
    for (let paint = 0; paint < 2; paint++) await socket.next((f) => f.action === 'PAINT');
    const { before } = await socket.untilReady();
    const waited = Date.now() - openedAt;
    await socket.close();
    expect(waited).toBeGreaterThanOrEqual(DEFAULT_FIRST_SCREEN_WAIT_MS);
    const conversationIds = [...ids(socket.frames, 'conversations')];
    expect(new Set(conversationIds)).toEqual(new Set(inbox.conversations.map((c) => c.id)));
    expect(before.some((f) => f.action === 'fetch')).toBe(true);
    // The tests of this block run at once, and the others' clients answer: only this one waited out its time.
    expect(await firstScreens(suite.server.url, 'timed_out')).toBe(timedOutBefore + 1);
  });
});
