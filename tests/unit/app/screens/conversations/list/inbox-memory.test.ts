import { describe, expect, it } from 'vitest';
import { parseInboxMemory, recallInbox, rememberInbox, type InboxMemory, type InboxSnapshot } from '../../../../../../src/app/screens/conversations/list/inbox-memory';

const left = (loaded: number, topRow = 0, cursor: InboxSnapshot['cursor'] = null): InboxSnapshot => ({ loaded, topRow, cursor });

describe('inbox memory (§9: 250 items on revisit, 3 inboxes remembered)', () => {
  it('brings an inbox back with its loaded rows, scroll position and keyboard cursor', () => {
    const memory = rememberInbox([], 'inbox', left(75, 41.5, { id: 12, index: 44 }));
    expect(recallInbox(memory, 'inbox')).toEqual({ loaded: 75, topRow: 41.5, cursor: { id: 12, index: 44 } });
    expect(recallInbox(memory, 'waiting')).toBeNull();
  });

  it('keeps at most 250 rows of an inbox, and the place only within them', () => {
    const memory = rememberInbox([], 'all', left(1_000, 900, { id: 5, index: 950 }));
    expect(recallInbox(memory, 'all')).toEqual({ loaded: 250, topRow: 250, cursor: null });
    const within = rememberInbox([], 'all', left(400, 120, { id: 5, index: 130 }));
    expect(recallInbox(within, 'all')).toEqual({ loaded: 250, topRow: 120, cursor: { id: 5, index: 130 } });
  });

  it('comes back with at least one page', () => {
    expect(recallInbox(rememberInbox([], 'waiting', left(3)), 'waiting')?.loaded).toBe(25);
  });

  it('forgets the least recently left inbox beyond three', () => {
    let memory: InboxMemory = [];
    for (const key of ['inbox', 'waiting', 'all', 'custom:billing']) memory = rememberInbox(memory, key, left(25));
    expect(memory.map((entry) => entry.key)).toEqual(['custom:billing', 'all', 'waiting']);
    expect(recallInbox(memory, 'inbox')).toBeNull();
  });

  it('counts a revisit as use: leaving an inbox again makes it the most recent', () => {
    let memory: InboxMemory = [];
    for (const key of ['inbox', 'waiting', 'all']) memory = rememberInbox(memory, key, left(25));
    memory = rememberInbox(memory, 'inbox', left(50, 10));
    memory = rememberInbox(memory, 'custom:bugs', left(25));
    expect(memory.map((entry) => entry.key)).toEqual(['custom:bugs', 'inbox', 'all']);
    expect(recallInbox(memory, 'inbox')).toEqual(left(50, 10));
  });

  it('reads back what it stored, and nothing from storage it does not understand', () => {
    const memory = rememberInbox(rememberInbox([], 'inbox', left(50, 3, { id: 9, index: 4 })), 'all', left(25));
    expect(parseInboxMemory(JSON.parse(JSON.stringify(memory)))).toEqual(memory);
    expect(parseInboxMemory(null)).toEqual([]);
    expect(parseInboxMemory({ inbox: 1 })).toEqual([]);
    expect(parseInboxMemory([{ key: 'inbox', snapshot: { loaded: -1, topRow: 0 } }, { key: 'all', snapshot: { loaded: 25, topRow: 2, cursor: 'x' } }])).toEqual([
      { key: 'all', snapshot: { loaded: 25, topRow: 2, cursor: null } },
    ]);
  });
});
