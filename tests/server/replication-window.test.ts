import { expect, it } from 'vitest';
import type { AccountResponse } from '../../src/protocol/api/models';
import { openStream, type StreamFrame } from '../support/stream-client';
import { describeEachDatabase, useServerSuite } from './server-suite';
import { signUpWithInbox } from './sync-fixtures';

const DAY = 24 * 3600_000;

const sentIds = (frames: StreamFrame[], col: string) =>
  new Set(frames.filter((f) => f.action === 'fetch' && f.col === col).flatMap((f) => (f.documents ?? []).map((d) => d['id'] as number | string)));

describeEachDatabase('the replication window', (database) => {
  const suite = useServerSuite(database);

  it('a bootstrap leaves out read closed conversations older than the agent\'s window, READY names the window, and "everything" sends them all', async () => {
    const inbox = await signUpWithInbox(suite, 12, 2);
    const db = suite.db();
    const [oldRead, oldUnread, oldOpen, recentClosed] = inbox.conversations;
    if (!oldRead || !oldUnread || !oldOpen || !recentClosed) throw new Error('Not enough conversations');
    const old = Date.now() - 200 * DAY;
    await db.updateTable('conversations').set({ status: 'CLOSED', is_unread: 0, last_update_ts: old }).where('id', '=', oldRead.id).execute();
    await db.updateTable('conversations').set({ status: 'CLOSED', is_unread: 1, last_update_ts: old }).where('id', '=', oldUnread.id).execute();
    await db.updateTable('conversations').set({ status: 'OPENED', last_update_ts: old }).where('id', '=', oldOpen.id).execute();
    await db.updateTable('conversations').set({ status: 'CLOSED', is_unread: 0, last_update_ts: Date.now() - 5 * DAY }).where('id', '=', recentClosed.id).execute();

    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true });
    const { before, ready } = await socket.untilReady();
    await socket.close();
    expect(ready.document).toEqual({ window_days: 90, reply_hold_s: 10 });
    const conversations = sentIds(before, 'conversations');
    expect(conversations.has(oldRead.id)).toBe(false);
    for (const kept of [oldUnread, oldOpen, recentClosed]) expect(conversations.has(kept.id)).toBe(true);
    expect(conversations.size).toBe(inbox.conversations.length - 1);
    const messagesOf = new Set(before.filter((f) => f.col === 'messages').flatMap((f) => (f.documents ?? []).map((m) => m['conversation_id'])));
    expect(messagesOf.has(oldRead.id)).toBe(false);

    // Still reachable: by its id, and as the conversation a tab's address names.
    expect((await inbox.api.get(`conversations/${oldRead.id}`)).status).toBe(200);
    const named = openStream(suite.server.url, { token: inbox.session.token, init: true, open: oldRead.id });
    const withOpen = await named.untilReady();
    await named.close();
    expect(sentIds(withOpen.before, 'conversations').has(oldRead.id)).toBe(true);

    const changed = await inbox.api.patch<AccountResponse>('account/', { preferences: { replication_days: 0 } });
    expect(changed.body.agent.preferences.replication_days).toBe(0);
    const all = openStream(suite.server.url, { token: inbox.session.token, init: true });
    const everything = await all.untilReady();
    await all.close();
    expect(everything.ready.document).toEqual({ window_days: 0, reply_hold_s: 10 });
    expect(sentIds(everything.before, 'conversations').size).toBe(inbox.conversations.length);
  });
});
