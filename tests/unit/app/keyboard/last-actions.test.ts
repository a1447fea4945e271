import { describe, expect, it } from 'vitest';
import { LAST_ACTIONS_MAX, actionDoneText, describeAction, findHeldSend, inverseMutations, popAction, pushAction } from '../../../../src/app/keyboard/last-actions';
import { addedTagSlug } from '../../../../src/protocol/mutations/conversation-mutations';
import type { LastActions } from '../../../../src/app/keyboard/last-actions';

const names = new Map([
  ['vip', 'VIP'],
  ['billing-issue', 'Billing issue'],
]);

describe('last actions', () => {
  it('undoes the newest action first', () => {
    let stack: LastActions = [];
    stack = pushAction(stack, { kind: 'status', conversation_id: 1, before: 'OPENED', after: 'CLOSED' });
    stack = pushAction(stack, { kind: 'assign', conversation_id: 2, before: null, after: 7 });
    const { action, rest } = popAction(stack);
    expect(action).toMatchObject({ kind: 'assign', conversation_id: 2 });
    expect(popAction(rest).action).toMatchObject({ kind: 'status' });
    expect(popAction([]).action).toBeUndefined();
  });

  it('keeps only the last few actions', () => {
    let stack: LastActions = [];
    for (let i = 0; i < LAST_ACTIONS_MAX + 5; i++) stack = pushAction(stack, { kind: 'status', conversation_id: i, before: 'OPENED', after: 'CLOSED' });
    expect(stack).toHaveLength(LAST_ACTIONS_MAX);
    expect(stack[0]).toMatchObject({ conversation_id: 5 });
  });

  it('undo of a status change restores the status before it', () => {
    expect(inverseMutations({ kind: 'status', conversation_id: 3, before: 'WAITING', after: 'CLOSED' }, [], names)).toEqual([
      { kind: 'status', conversation_id: 3, status: 'WAITING' },
    ]);
  });

  it('undo of an assignment gives the conversation back to whoever had it, or nobody', () => {
    expect(inverseMutations({ kind: 'assign', conversation_id: 3, before: null, after: 7 }, [], names)).toEqual([{ kind: 'assign', conversation_id: 3, agent_id: null }]);
    expect(inverseMutations({ kind: 'assign', conversation_id: 3, before: 4, after: null }, [], names)).toEqual([{ kind: 'assign', conversation_id: 3, agent_id: 4 }]);
  });

  it('undo of a tag removes the slug it added', () => {
    const action = { kind: 'tag', conversation_id: 3, name: 'billing issue', tagsBefore: ['vip'] } as const;
    expect(inverseMutations(action, [{ id: 3, tags: ['vip', 'billing-issue'] }], names)).toEqual([{ kind: 'untag', conversation_id: 3, slug: 'billing-issue' }]);
  });

  it('undo of a tag that is gone already does nothing', () => {
    const action = { kind: 'tag', conversation_id: 3, name: 'VIP', tagsBefore: [] } as const;
    expect(inverseMutations(action, [{ id: 3, tags: [] }], names)).toEqual([]);
    expect(inverseMutations(action, [], names)).toEqual([]);
  });

  it('undo of a tag removed adds it back by its name as stored now, unless it is back already', () => {
    const action = { kind: 'untag', conversation_id: 3, slug: 'vip', name: 'VIP' } as const;
    expect(inverseMutations(action, [{ id: 3, tags: [] }], names)).toEqual([{ kind: 'tag', conversation_id: 3, name: 'VIP' }]);
    // Renamed since: the server finds the tag by its present name.
    expect(inverseMutations(action, [{ id: 3, tags: [] }], new Map([['vip', 'Key account']]))).toEqual([{ kind: 'tag', conversation_id: 3, name: 'Key account' }]);
    expect(inverseMutations(action, [{ id: 3, tags: ['vip'] }], names)).toEqual([]);
    expect(actionDoneText(action)).toBe('“VIP” removed from #3');
    expect(describeAction(action)).toBe('removal of “VIP” from #3');
  });

  it('undo of a bulk status change puts each conversation back, one row per earlier status', () => {
    const action = {
      kind: 'bulk',
      action: { status: 'CLOSED' },
      before: [
        { id: 1, status: 'OPENED', agent_id: null, tags: [] },
        { id: 2, status: 'WAITING', agent_id: null, tags: [] },
        { id: 3, status: 'OPENED', agent_id: null, tags: [] },
        { id: 4, status: 'CLOSED', agent_id: null, tags: [] },
      ],
    } as const;
    expect(inverseMutations(action, [], names)).toEqual([
      { kind: 'bulk', conversation_ids: [1, 3], action: { status: 'OPENED' } },
      { kind: 'bulk', conversation_ids: [2], action: { status: 'WAITING' } },
    ]);
  });

  it('undo of a bulk tag removes it only where it was added', () => {
    const action = {
      kind: 'bulk',
      action: { add_tag: 'VIP' },
      before: [
        { id: 1, status: 'OPENED', agent_id: null, tags: [] },
        { id: 2, status: 'OPENED', agent_id: null, tags: ['vip'] },
      ],
    } as const;
    const now = [
      { id: 1, tags: ['vip'] },
      { id: 2, tags: ['vip'] },
    ];
    expect(inverseMutations(action, now, names)).toEqual([{ kind: 'bulk', conversation_ids: [1], action: { remove_tag: 'vip' } }]);
  });

  it('finds the added tag by name when others were added meanwhile, else only when alone', () => {
    expect(addedTagSlug([], ['vip', 'billing-issue'], 'VIP', names)).toBe('vip');
    expect(addedTagSlug([], ['new-one'], 'New one', new Map())).toBe('new-one');
    expect(addedTagSlug([], ['a', 'b'], 'c', new Map())).toBeNull();
  });
});

describe('undo of a held send', () => {
  const now = 10_000;
  const message = (over: Partial<Parameters<typeof findHeldSend>[0][number]>) => ({
    id: 'm-1',
    status: 'PENDING',
    agent_id: 7,
    deliver_at: now + 5_000,
    timestamp_ts: now - 1_000,
    ...over,
  });

  it('finds the reply by its outbox row while its delay runs', () => {
    const held = message({ id: 'tmp-1', outbox_id: 42 });
    expect(findHeldSend([message({ id: 'other' }), held], 42, 7, now)).toBe(held);
  });

  it('is too late once the delay is over', () => {
    expect(findHeldSend([message({ outbox_id: 42, deliver_at: now - 1 })], 42, 7, now)).toBeNull();
    expect(findHeldSend([message({ outbox_id: 42, status: 'SENT' })], 42, 7, now)).toBeNull();
  });

  it('falls back to the newest own held reply once the server saved it', () => {
    const older = message({ id: 'm-1', timestamp_ts: 1 });
    const newer = message({ id: 'm-2', timestamp_ts: 2 });
    const theirs = message({ id: 'm-3', agent_id: 8, timestamp_ts: 3 });
    expect(findHeldSend([older, newer, theirs], 42, 7, now)).toBe(newer);
  });
});
