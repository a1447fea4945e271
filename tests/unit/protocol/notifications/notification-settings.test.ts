import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATIONS, notificationSettingsOf } from '../../../../src/protocol/notifications/notification-settings';
import { groupedBody, notificationTag, readPushPayload, showsConversation } from '../../../../src/protocol/notifications/push-display';
import { watchedInboxQuery } from '../../../../src/protocol/notifications/watched-inbox';
import { DEFAULT_INBOX_QUERY } from '../../../../src/protocol/inbox-query/inbox-query';
import { deviceLabel } from '../../../../src/server/notifications/device-label';
import { mentionChoices } from '../../../../src/app/screens/conversations/composer/mention-choices';

describe('notification settings', () => {
  it('reads settings stored before issue 15, or missing an event, as the defaults for what they lack', () => {
    expect(notificationSettingsOf({ email_new_conversation: true, email_assigned: true, push: false })).toEqual(DEFAULT_NOTIFICATIONS);
    expect(notificationSettingsOf(null)).toEqual(DEFAULT_NOTIFICATIONS);
    const partial = notificationSettingsOf({ events: { assigned: { push: false, email: false }, mentioned: { push: 'yes' } }, inbox: 'vip' });
    expect(partial.events.assigned).toEqual({ push: false, email: false });
    expect(partial.events.mentioned).toEqual(DEFAULT_NOTIFICATIONS.events.mentioned);
    expect(partial.inbox).toBe('vip');
  });

  it('watches the chosen custom inbox, else the default custom inbox, else §2’s default query', () => {
    const inboxes = [
      { key: 'vip', name: 'VIP', query: 'tag:vip' },
      { key: 'mine', name: 'Mine', query: 'assigned:me', is_default: true as const },
    ];
    expect(watchedInboxQuery(inboxes, { inbox: 'vip' })).toBe('tag:vip');
    expect(watchedInboxQuery(inboxes, { inbox: null })).toBe('assigned:me');
    expect(watchedInboxQuery(inboxes, { inbox: 'deleted-since' })).toBe('assigned:me');
    expect(watchedInboxQuery([], { inbox: null })).toBe(DEFAULT_INBOX_QUERY);
  });
});

describe('push display', () => {
  const payload = { title: 'Ana', body: 'Order\nWhere is it?', event: 'customer_reply', slug: 'acme', conversation_id: 7, url: '/acme/conversations/view/7', sent_at: 1 };

  it('accepts only our payloads with an in-app path', () => {
    expect(readPushPayload(payload)).toEqual(payload);
    expect(readPushPayload({ ...payload, url: 'https://evil.example/' })).toBeNull();
    expect(readPushPayload({ ...payload, conversation_id: '7' })).toBeNull();
    expect(readPushPayload('hello')).toBeNull();
  });

  it('groups by conversation and counts the earlier updates', () => {
    expect(notificationTag(payload)).toBe('conversation:acme:7');
    expect(groupedBody(payload, 0)).toBe('Order\nWhere is it?');
    expect(groupedBody(payload, 2)).toBe('Order\nWhere is it?\n+ 2 earlier updates in this conversation');
  });

  it('knows the tab that shows the conversation', () => {
    expect(showsConversation('http://127.0.0.1:3000/acme/conversations/view/7/', payload.url)).toBe(true);
    expect(showsConversation('http://127.0.0.1:3000/acme/conversations/view/70', payload.url)).toBe(false);
    expect(showsConversation('not a url', payload.url)).toBe(false);
  });
});

describe('device labels and mention choices', () => {
  it('names a browser and its system from the User-Agent', () => {
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux');
    expect(deviceLabel(undefined)).toBe('Browser');
  });

  it('ranks teammates whose name starts with the typed word first, accents ignored', () => {
    const team = [
      { id: 1, name: 'Zoë Adams', email: 'zoe@x.example', avatar: null },
      { id: 2, name: 'Adam Ng', email: 'adam@x.example', avatar: null },
      { id: 3, name: 'Sam Chen', email: 'sam@x.example', avatar: null },
    ];
    expect(mentionChoices(team, 'ada').map((teammate) => teammate.id)).toEqual([2, 1]);
    expect(mentionChoices(team, 'zoe').map((teammate) => teammate.id)).toEqual([1]);
    expect(mentionChoices(team, '').map((teammate) => teammate.id)).toEqual([1, 2, 3]);
    expect(mentionChoices(team, 'qq')).toEqual([]);
  });
});
