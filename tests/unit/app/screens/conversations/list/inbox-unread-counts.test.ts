import { describe, expect, it } from 'vitest';
import { copyText } from '../../../../../../src/app/clipboard/copy-text';
import { countedInboxes, countUnreadByInbox, statusesToRead } from '../../../../../../src/app/screens/conversations/list/inbox-unread-counts';
import type { Conversation } from '../../../../../../src/protocol/documents';
import { conversation as baseConversation } from '../../../../support/worker-harness';

const ME = 7;
let nextId = 1;
/** A conversation with its own id (the harness's default is id 1). */
const conversation = (overrides: Partial<Conversation>): Conversation => baseConversation({ id: nextId++, ...overrides });

describe('per-inbox unread counts (§3, §9)', () => {
  const conversations = [
    conversation({}),
    conversation({ agent_id: ME, tags: ['billing'] }),
    conversation({ agent_id: 99 }),
    conversation({ status: 'CLOSED', tags: ['billing'] }),
    conversation({ is_unread: false, tags: ['billing'] }),
    conversation({ channel: 'CHAT', status: 'WAITING' }),
    conversation({ subject: 'Refund please', contact_id: 2 }),
  ];

  it('counts the default inbox (assigned to me or nobody, open) and nothing read', () => {
    const counts = countUnreadByInbox(conversations, countedInboxes([]), ME);
    expect(counts).toEqual({ default: 3 });
  });

  it('counts each custom inbox with the lists’ predicate; the one chosen as default is the default inbox', () => {
    const inboxes = countedInboxes([
      { key: 'billing', name: 'Billing', query: 'tag:billing', is_default: true },
      { key: 'chats', name: 'Chats', query: 'channel:chat' },
      { key: 'broken', name: 'Broken', query: 'is:lost' },
      { key: 'refunds', name: 'Refunds', query: 'refund' },
      { key: 'vip', name: 'VIP', query: '"Ada"' },
    ]);
    const contacts = new Map([[2, { name: 'Ada Lovelace', email: 'ada@example.com' }]]);
    expect(countUnreadByInbox(conversations, inboxes, ME, contacts)).toEqual({ billing: 2, chats: 1, refunds: 1, vip: 1, default: 2 });
  });

  it('reads only the statuses the inboxes can match, or everything', () => {
    expect(statusesToRead(countedInboxes([]))).toEqual(['OPENED']);
    expect(statusesToRead(countedInboxes([{ key: 'w', name: 'W', query: 'is:waiting,opened' }, { key: 'c', name: 'C', query: 'is:closed' }]))).toEqual([
      'WAITING',
      'OPENED',
      'CLOSED',
    ]);
    expect(statusesToRead(countedInboxes([{ key: 'u', name: 'U', query: 'is:opened,unread' }]))).toBeNull();
    expect(statusesToRead(countedInboxes([{ key: 'n', name: 'N', query: '-is:closed' }]))).toBeNull();
  });
});

describe('copying (§8)', () => {
  it('says whether the clipboard took the text', async () => {
    const written: string[] = [];
    expect(await copyText({ writeText: (text) => Promise.resolve(void written.push(text)) }, 'https://x/1')).toBe(true);
    expect(written).toEqual(['https://x/1']);
    expect(await copyText({ writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) }, 'a')).toBe(false);
    expect(await copyText(undefined, 'a')).toBe(false);
  });
});
