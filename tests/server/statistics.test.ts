import { expect, it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import type { AccountResponse } from '../../src/protocol/api/models';
import type { ConversationStatistics } from '../../src/protocol/documents';
import { DEFAULT_INBOX_QUERY } from '../../src/protocol/inbox-query/inbox-query';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { openServerDatabaseHandle } from '../support/server-database';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { signUpWithInbox, type Inbox } from './sync-fixtures';

describeEachDatabase('conversation statistics', (database) => {
  const suite = useServerSuite(database);

  /** What the list answers for the query's unread conversations: statistics must agree with it. */
  async function unreadListed(inbox: Inbox, query: string): Promise<number> {
    const search = encodeURIComponent(`${query} is:unread`);
    const page = await inbox.api.get<ConversationPage>(`conversations/?limit=1000&search=${search}`);
    expect(page.status).toBe(200);
    return page.body.conversations.length;
  }

  it('counts unread conversations of the default inbox and of each custom inbox, as the list does', async () => {
    const inbox = await signUpWithInbox(suite, 40, 1);
    const other = await signUpWithInbox(suite, 10, 1);
    const first = await inbox.api.get<ConversationStatistics>('conversations/status');
    expect(first.status).toBe(200);
    expect(first.body.statistics).toEqual({ default: await unreadListed(inbox, DEFAULT_INBOX_QUERY) });
    expect(first.body.first_conversation).toBe(Math.min(...inbox.conversations.map((c) => c.created_at)));
    expect(first.body.reading_time).toBeNull();

    const customInboxes = [
      { key: 'chats', name: 'Chats', query: 'channel:chat' },
      { key: 'everything', name: 'Everything', query: '', is_default: true },
      { key: 'unassigned-email', name: 'Unassigned email', query: 'assigned:none channel:email -is:closed' },
    ];
    expect((await inbox.api.patch<AccountResponse>('account/', { custom_inboxes: customInboxes })).status).toBe(200);
    const statistics = (await inbox.api.get<ConversationStatistics>('conversations/status?complete=true')).body.statistics;
    const expected: Record<string, number> = {};
    for (const custom of customInboxes) expected[custom.key] = await unreadListed(inbox, custom.query);
    // The custom inbox chosen with "Use as my default" is the default inbox (issue 12), not the first one.
    expected['default'] = expected['everything'] ?? -1;
    expect(statistics).toEqual(expected);
    expect(statistics['everything']).toBeGreaterThan(0);
    expect(statistics['everything']).toBe(inbox.conversations.filter((c) => c.is_unread).length);

    // Reading one changes the counts at once.
    const unread = inbox.conversations.find((c) => c.is_unread);
    if (!unread) throw new Error('The seed made no unread conversation');
    await inbox.api.post(`conversations/${unread.id}/read`);
    const after = (await inbox.api.get<ConversationStatistics>('conversations/status')).body.statistics;
    expect(after['everything']).toBe((statistics['everything'] ?? 0) - 1);

    // Another organization counts only its own.
    const theirs = (await other.api.get<ConversationStatistics>('conversations/status')).body.statistics;
    expect(theirs).toEqual({ default: await unreadListed(other, DEFAULT_INBOX_QUERY) });
  });

  it('keeps the default inbox count under the key default even when a custom inbox uses that key', async () => {
    const inbox = await signUpWithInbox(suite, 20, 1);
    await inbox.api.patch('account/', {
      custom_inboxes: [
        { key: 'closed', name: 'Closed', query: 'is:closed' },
        { key: 'default', name: 'Confusing', query: '' },
      ],
    });
    const statistics = (await inbox.api.get<ConversationStatistics>('conversations/status')).body.statistics;
    expect(statistics).toEqual({ closed: await unreadListed(inbox, 'is:closed'), default: await unreadListed(inbox, DEFAULT_INBOX_QUERY) });
  });

  it('a first custom inbox leaves the built-in default inbox alone; one chosen as default replaces its count', async () => {
    const inbox = await signUpWithInbox(suite, 20, 1);
    await inbox.api.patch('account/', { custom_inboxes: [{ name: 'Closed', query: 'is:closed' }] });
    const plain = (await inbox.api.get<ConversationStatistics>('conversations/status')).body.statistics;
    expect(plain['default']).toBe(await unreadListed(inbox, DEFAULT_INBOX_QUERY));
    await inbox.api.patch('account/', { custom_inboxes: [{ key: 'closed', name: 'Closed', query: 'is:closed', is_default: true }] });
    const chosen = (await inbox.api.get<ConversationStatistics>('conversations/status')).body.statistics;
    expect(chosen['default']).toBe(await unreadListed(inbox, 'is:closed'));
    const two = await inbox.api.patch('account/', {
      custom_inboxes: [
        { name: 'A', query: '', is_default: true },
        { name: 'B', query: '', is_default: true },
      ],
    });
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ errors: { 'custom_inboxes.1.is_default': 'only one inbox can be the default' } });
  });

  it('reading_time, with complete=true only: the median seconds from creation to the first reading, over the last 30 days, per organization', async () => {
    const inbox = await signUpWithInbox(suite, 6, 1);
    const other = await signUpWithInbox(suite, 2, 1);
    const ids = inbox.conversations.map((c) => c.id);
    const readIt = async (id: number) => {
      const headers = { [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` };
      expect((await inbox.api.post(`conversations/${id}/read`, undefined, { headers })).status).toBe(200);
    };
    const handle = openServerDatabaseHandle(suite.server);
    try {
      const firstRead = async (id: number) => (await handle.db.selectFrom('conversations').select('first_read_at').where('id', '=', id).executeTakeFirstOrThrow()).first_read_at;
      // Reading an unread conversation records the first time only; reading a read one records nothing.
      await handle.db.updateTable('conversations').set({ is_unread: 1 }).where('id', 'in', ids.slice(0, 5)).execute();
      await handle.db.updateTable('conversations').set({ is_unread: 0 }).where('id', '=', ids[5] ?? 0).execute();
      for (const id of ids) await readIt(id);
      const recorded = await firstRead(ids[0] ?? 0);
      expect(recorded).not.toBeNull();
      await readIt(ids[0] ?? 0);
      expect(await firstRead(ids[0] ?? 0)).toEqual(recorded);
      expect(await firstRead(ids[5] ?? 0)).toBeNull();

      // Hand-set moments: waits of 60, 300, 120 and 900 s within the window, 10 s 40 days ago (left out), one never read.
      const day = 86_400_000;
      const now = Date.now();
      const moments: [number, number | null][] = [
        [now - 1 * day, 60],
        [now - 2 * day, 300],
        [now - 3 * day, 120],
        [now - 4 * day, 900],
        [now - 40 * day, 10],
        [now - 1 * day, null],
      ];
      const setMoments = async () => {
        for (const [index, [created, wait]] of moments.entries()) {
          await handle.db
            .updateTable('conversations')
            .set({ created_at: created, first_read_at: wait === null ? null : created + wait * 1000 })
            .where('id', '=', ids[index] ?? 0)
            .execute();
        }
      };
      await setMoments();
      const status = async (api: Inbox['api'], query: string) => (await api.get<ConversationStatistics>(`conversations/status${query}`)).body;
      expect((await status(inbox.api, '')).reading_time).toBeNull();
      expect((await status(inbox.api, '?complete=false')).reading_time).toBeNull();
      // An even count: the mean of the two middle waits, (120 + 300) / 2.
      expect((await status(inbox.api, '?complete=true')).reading_time).toBe(210);
      // An odd count: the middle one, of 60, 120 and 900.
      moments[1] = [now - 2 * day, null];
      await setMoments();
      expect((await status(inbox.api, '?complete=true')).reading_time).toBe(120);
      // Another organization's readings are its own: it read none.
      expect((await status(other.api, '?complete=true')).reading_time).toBeNull();
    } finally {
      await handle.db.destroy();
    }
    const refused = await inbox.api.get('conversations/status?complete=maybe');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: { complete: 'must be true or false' } });
  });
});
