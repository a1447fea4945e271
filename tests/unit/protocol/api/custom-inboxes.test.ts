import { describe, expect, it } from 'vitest';
import { assignCustomInboxKeys, customInboxesField, slugifyInboxName } from '../../../../src/protocol/api/custom-inboxes';
import { defaultListSource, listInboxKey, resolveListSource, selectConversations } from '../../../../src/app/screens/conversations/list/inbox-filter';

describe('custom inbox keys', () => {
  it('slugs names into keys', () => {
    expect(slugifyInboxName('Billing & Refunds!')).toBe('billing-refunds');
    expect(slugifyInboxName('Café')).toBe('cafe');
    expect(slugifyInboxName('!!!')).toBe('inbox');
    expect(slugifyInboxName('x'.repeat(60))).toHaveLength(30);
  });

  it('generates keys unique within the list, keeping given ones', () => {
    expect(
      assignCustomInboxKeys([
        { name: 'VIP', query: '' },
        { key: 'vip', name: 'Other', query: '' },
        { name: 'VIP', query: '' },
      ]).map((inbox) => inbox.key),
    ).toEqual(['vip-2', 'vip', 'vip-3']);
  });

  it('validates keys, names, queries and duplicates', () => {
    expect(customInboxesField.safeParse([{ name: ' Billing ', query: ' tag:billing ' }]).data).toEqual([
      { key: 'billing', name: 'Billing', query: 'tag:billing' },
    ]);
    const bad = customInboxesField.safeParse([
      { key: 'a', name: 'A', query: 'is:lost' },
      { key: 'a', name: 'B', query: '' },
      { key: 'B!', name: '', query: '' },
    ]);
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['0.query', '2.key', '2.name']));
    expect(customInboxesField.safeParse([{ key: 'a', name: 'A', query: '' }, { key: 'a', name: 'B', query: '' }]).error?.issues[0]?.path).toEqual([1, 'key']);
    expect(customInboxesField.safeParse(Array.from({ length: 51 }, () => ({ name: 'x', query: '' }))).success).toBe(false);
  });
});

describe('the list of a custom inbox', () => {
  const inboxes = [
    { key: 'billing', name: 'Billing', query: 'tag:billing order:oldest' },
    { key: 'vip', name: 'VIP', query: 'tag:vip' },
  ];

  it('resolves ?inbox= to custom queries; ?filter=inbox stays the built-in Inbox; the chosen default is the default inbox', () => {
    expect(resolveListSource('all', inboxes, 'vip').query.terms).toMatchObject([{ kind: 'tag', values: ['vip'] }]);
    expect(resolveListSource('inbox', inboxes, null).statuses).toEqual(['OPENED']);
    expect(defaultListSource(inboxes).statuses).toEqual(['OPENED']);
    const chosen = [
      { key: 'billing', name: 'Billing', query: 'tag:billing order:oldest' },
      { key: 'vip', name: 'VIP', query: 'tag:vip', is_default: true as const },
    ];
    expect(defaultListSource(chosen).query.terms).toMatchObject([{ kind: 'tag', values: ['vip'] }]);
    expect(listInboxKey(new URLSearchParams(''), chosen)).toBe('vip');
    expect(listInboxKey(new URLSearchParams('filter=inbox'), chosen)).toBeNull();
    expect(listInboxKey(new URLSearchParams(''), inboxes)).toBeNull();
    expect(resolveListSource('inbox', [], null).statuses).toEqual(['OPENED']);
    expect(resolveListSource('waiting', inboxes, 'unknown').key).toBe('waiting');
  });

  it('selects and orders conversations with the custom query', () => {
    const base = { agent_id: null, contact_id: 1, channel: 'EMAIL', status: 'CLOSED', is_unread: false, subject: '', last_update: '', priority: 0, created_at: 0 } as const;
    const list = [
      { ...base, id: 1, tags: ['billing'], last_update_ts: 10 },
      { ...base, id: 2, tags: ['bug'], last_update_ts: 20 },
      { ...base, id: 3, tags: ['billing'], last_update_ts: 5 },
    ];
    const { rows, total } = selectConversations(list, resolveListSource('all', inboxes, 'billing'), 1, 25);
    expect(rows.map((row) => row.id)).toEqual([3, 1]);
    expect(total).toBe(2);
  });
});
