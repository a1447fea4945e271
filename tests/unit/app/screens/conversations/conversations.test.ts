import { describe, expect, it } from 'vitest';
import type { ConnectionMeta } from '../../../../../src/client-db/inbox-database';
import { canUndoSend, sendCountdown } from '../../../../../src/app/format/countdown';
import { absoluteDate, dayLabel, longRelativeTime, shortRelativeTime } from '../../../../../src/app/format/relative-time';
import { departedEntries, withDeparting } from '../../../../../src/app/screens/conversations/thread/departing-entries';
import { compareConversations, matchesFilter, selectConversations } from '../../../../../src/app/screens/conversations/list/inbox-filter';
import { isSubmitShortcut } from '../../../../../src/app/screens/conversations/composer/submit-shortcut';
import { readCachedAgents, writeCachedAgents } from '../../../../../src/app/session/agent-directory';
import { connectionStatus, waitingText } from '../../../../../src/app/sync/connection-status';
import type { LocalMessage } from '../../../../../src/client-db/inbox-database';
import type { Conversation } from '../../../../../src/protocol/documents';

const ME = 7;
const OTHER = 9;
const UTC = { timeZone: 'UTC' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Listed = Pick<
  Conversation,
  'id' | 'status' | 'agent_id' | 'priority' | 'last_update_ts' | 'contact_id' | 'channel' | 'tags' | 'is_unread' | 'subject' | 'last_update' | 'created_at'
>;
const conversation = (id: number, extra: Partial<Listed> = {}): Listed => ({
  id,
  status: 'OPENED',
  agent_id: null,
  priority: 0,
  last_update_ts: 1_000 + id,
  contact_id: 1,
  channel: 'EMAIL',
  tags: [],
  is_unread: false,
  subject: `Subject ${id}`,
  last_update: '',
  created_at: 0,
  ...extra,
});

describe('the default inbox (§2: assigned me+none, is opened; newest activity first)', () => {
  it('holds open conversations assigned to me or to nobody', () => {
    expect(matchesFilter(conversation(1), 'inbox', ME)).toBe(true);
    expect(matchesFilter(conversation(2, { agent_id: ME }), 'inbox', ME)).toBe(true);
    expect(matchesFilter(conversation(3, { agent_id: OTHER }), 'inbox', ME)).toBe(false);
    expect(matchesFilter(conversation(4, { status: 'WAITING' }), 'inbox', ME)).toBe(false);
    expect(matchesFilter(conversation(5, { status: 'CLOSED', agent_id: ME }), 'inbox', ME)).toBe(false);
  });

  it('orders by the latest activity, newest first: a new conversation comes before older urgent ones', () => {
    const list = [
      conversation(1, { priority: 0, last_update_ts: 500 }),
      conversation(2, { priority: 2, last_update_ts: 100 }),
      conversation(3, { priority: 0, last_update_ts: 900 }),
      conversation(4, { priority: 2, last_update_ts: 300 }),
    ];
    expect([...list].sort(compareConversations).map((c) => c.id)).toEqual([3, 1, 4, 2]);
  });

  it('breaks exact ties by id so the order never flickers', () => {
    const a = conversation(1, { last_update_ts: 5 });
    const b = conversation(2, { last_update_ts: 5 });
    expect([a, b].sort(compareConversations).map((c) => c.id)).toEqual([2, 1]);
  });

  it('pages the ordered matches and counts them all', () => {
    const list = Array.from({ length: 60 }, (_, i) => conversation(i + 1, { agent_id: i % 3 === 0 ? OTHER : null }));
    const { rows, total } = selectConversations(list, 'inbox', ME, 25);
    expect(total).toBe(40);
    expect(rows).toHaveLength(25);
    expect(rows[0]?.id).toBe(60);
    expect(rows.every((row) => row.agent_id === null)).toBe(true);
  });
});

describe('the other list filters', () => {
  it('waiting: waiting conversations, whoever they are assigned to', () => {
    expect(matchesFilter(conversation(1, { status: 'WAITING', agent_id: OTHER }), 'waiting', ME)).toBe(true);
    expect(matchesFilter(conversation(2), 'waiting', ME)).toBe(false);
  });

  it('all: every conversation, closed ones and other agents’ included', () => {
    for (const status of ['OPENED', 'WAITING', 'CLOSED'] as const) {
      expect(matchesFilter(conversation(1, { status, agent_id: OTHER }), 'all', ME)).toBe(true);
    }
  });
});

describe('held sends (§4)', () => {
  it('counts down in whole seconds, rounded up', () => {
    expect(sendCountdown(10_000, 0)).toBe('Sending in 10 s');
    expect(sendCountdown(10_000, 1_500)).toBe('Sending in 9 s');
    expect(sendCountdown(10_000, 9_999)).toBe('Sending in 1 s');
    expect(sendCountdown(10_000, 10_000)).toBe('Sending…');
    expect(sendCountdown(10_000, 12_000)).toBe('Sending…');
  });

  it('offers undo only while the delay runs', () => {
    expect(canUndoSend(10_000, 9_000)).toBe(true);
    expect(canUndoSend(10_000, 10_000)).toBe(false);
    expect(canUndoSend(null, 0)).toBe(false);
  });
});

describe('relative times (§9: absolute after 31 days)', () => {
  const now = Date.UTC(2025, 5, 15, 12, 0);

  it('shortens recent times for the list', () => {
    expect(shortRelativeTime(now - 20_000, now, UTC)).toBe('now');
    expect(shortRelativeTime(now + 5 * MINUTE, now, UTC)).toBe('now');
    expect(shortRelativeTime(now - 5 * MINUTE, now, UTC)).toBe('5m');
    expect(shortRelativeTime(now - 3 * HOUR - MINUTE, now, UTC)).toBe('3h');
    expect(shortRelativeTime(now - 2 * DAY, now, UTC)).toBe('2d');
    expect(shortRelativeTime(now - 30 * DAY, now, UTC)).toBe('30d');
  });

  it('switches to the date after 31 days, with the year only when it differs', () => {
    expect(shortRelativeTime(now - 31 * DAY, now, UTC)).toBe('15 May');
    expect(shortRelativeTime(Date.UTC(2024, 11, 24), now, UTC)).toBe('24 Dec 2024');
    expect(absoluteDate(Date.UTC(2025, 0, 2), now, UTC)).toBe('2 Jan');
  });

  it('words thread times, and dates them after 31 days', () => {
    expect(longRelativeTime(now - 10_000, now, UTC)).toBe('just now');
    expect(longRelativeTime(now - 1 * MINUTE, now, UTC)).toBe('1 minute ago');
    expect(longRelativeTime(now - 45 * MINUTE, now, UTC)).toBe('45 minutes ago');
    expect(longRelativeTime(now - 2 * HOUR, now, UTC)).toBe('2 hours ago');
    expect(longRelativeTime(now - DAY, now, UTC)).toBe('yesterday');
    expect(longRelativeTime(now - 30 * DAY, now, UTC)).toBe('30 days ago');
    expect(longRelativeTime(now - 31 * DAY, now, UTC)).toBe('15 May 2025, 12:00');
  });

  it('labels the thread’s days', () => {
    expect(dayLabel(now - HOUR, now, UTC)).toBe('Today');
    expect(dayLabel(now - DAY, now, UTC)).toBe('Yesterday');
    expect(dayLabel(Date.UTC(2025, 5, 9, 8), now, UTC)).toBe('Monday 9 June');
    expect(dayLabel(Date.UTC(2024, 5, 9, 8), now, UTC)).toBe('Sunday 9 June 2024');
  });
});

describe('the connection indicator', () => {
  const meta = (extra: Partial<ConnectionMeta>): ConnectionMeta => ({
    key: 'connection',
    state: 'open',
    online: true,
    ready: true,
    retry: 0,
    updated_at: 0,
    ...extra,
  });

  it('is live only when the socket is open and caught up', () => {
    expect(connectionStatus(meta({}), true, 0)).toEqual({ kind: 'live' });
    expect(connectionStatus(meta({ ready: false }), true, 0).kind).toBe('syncing');
  });

  it('tells a first connection from a reconnection', () => {
    expect(connectionStatus(undefined, true, 0).kind).toBe('connecting');
    expect(connectionStatus(meta({ state: 'connecting' }), true, 0).kind).toBe('connecting');
    expect(connectionStatus(meta({ state: 'connecting', retry: 2 }), true, 0).kind).toBe('reconnecting');
    expect(connectionStatus(meta({ state: 'closed', retry: 1 }), true, 0).kind).toBe('reconnecting');
  });

  it('says offline as soon as the page or the worker knows, with the changes waiting', () => {
    expect(connectionStatus(meta({}), false, 3)).toEqual({ kind: 'offline', waiting: 3 });
    expect(connectionStatus(meta({ online: false, state: 'closed' }), true, 0).kind).toBe('offline');
    expect(waitingText(0)).toBeNull();
    expect(waitingText(1)).toBe('1 change waiting');
    expect(waitingText(3)).toBe('3 changes waiting');
  });
});

describe('the composer shortcut', () => {
  it('submits on mod+Enter only, not while composing text', () => {
    const key = (extra: Partial<Parameters<typeof isSubmitShortcut>[0]>) =>
      isSubmitShortcut({ key: 'Enter', metaKey: false, ctrlKey: false, ...extra });
    expect(key({ metaKey: true })).toBe(true);
    expect(key({ ctrlKey: true })).toBe(true);
    expect(key({})).toBe(false);
    expect(key({ key: 'a', ctrlKey: true })).toBe(false);
    expect(key({ ctrlKey: true, nativeEvent: { isComposing: true } })).toBe(false);
  });
});

describe('the offline copy of the agent list', () => {
  const storage = () => {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  };

  it('keeps names without pictures, per organization', () => {
    const store = storage();
    writeCachedAgents('acme', [{ id: 1, name: 'Ann', email: 'ann@acme.test', avatar: 'data:image/png;base64,AAAA' }], store);
    expect(readCachedAgents('acme', store)).toEqual([{ id: 1, name: 'Ann', email: 'ann@acme.test', avatar: null }]);
    expect(readCachedAgents('other', store)).toEqual([]);
  });

  it('ignores what it cannot read', () => {
    const store = storage();
    store.setItem('agents:acme', '{not json');
    expect(readCachedAgents('acme', store)).toEqual([]);
    store.setItem('agents:acme', JSON.stringify([{ id: 'x' }, { id: 2, name: 'Bo', email: 'bo@acme.test' }]));
    expect(readCachedAgents('acme', store)).toEqual([{ id: 2, name: 'Bo', email: 'bo@acme.test' }]);
  });
});

describe('entries leaving the thread (§4: removal animates for 1 s)', () => {
  const entry = (id: string, ts: number, extra: Partial<LocalMessage> = {}): LocalMessage => ({
    id,
    conversation_id: 1,
    type: 'NOTE',
    message: id,
    timestamp: '',
    timestamp_ts: ts,
    attachments: [],
    status: 'SENT',
    source: 'EMAIL',
    delay: 0,
    deliver_at: null,
    agent_id: ME,
    contact_id: null,
    target_id: null,
    version: 1,
    ...extra,
  });

  it('finds a deleted note, not a temporary copy replaced by the saved one', () => {
    const note = entry('n-1', 1);
    const temporary = entry('tmp-1', 2, { target_id: 'tmp-1' });
    const saved = entry('n-2', 2, { target_id: 'tmp-1' });
    expect(departedEntries([note, temporary], [saved]).map((e) => e.id)).toEqual(['n-1']);
    expect(departedEntries([note], [note])).toEqual([]);
  });

  it('puts departing entries back in their place', () => {
    const [a, b, c] = [entry('n-1', 1), entry('n-2', 2), entry('n-3', 3)];
    expect(withDeparting([a, c], [b]).map((e) => e.id)).toEqual(['n-1', 'n-2', 'n-3']);
  });
});
