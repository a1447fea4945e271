import { describe, expect, it } from 'vitest';
import { titleWithUnread } from '../../../../src/app/layout/use-unread-title';

describe('the unread count in the tab title', () => {
  it('puts the count in front, replaces an earlier one, caps at 99+ and drops it at 0', () => {
    expect(titleWithUnread('Conversations · Support Inbox', 3)).toBe('(3) Conversations · Support Inbox');
    expect(titleWithUnread('(3) Conversations · Support Inbox', 4)).toBe('(4) Conversations · Support Inbox');
    expect(titleWithUnread('Team · Support Inbox', 250)).toBe('(99+) Team · Support Inbox');
    expect(titleWithUnread('(99+) Team · Support Inbox', 0)).toBe('Team · Support Inbox');
  });
});
