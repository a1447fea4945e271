import { expect, it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import type { AccountResponse } from '../../src/protocol/api/models';
import type { ConversationStatistics } from '../../src/protocol/documents';
import { DEFAULT_INBOX_QUERY } from '../../src/protocol/inbox-query/inbox-query';
import { describeEachDatabase, useServerSuite } from './server-suite';
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
});
