import { describe, expect, it } from 'vitest';
import { flattenSections, paletteItems, rankItems } from '../../../../src/app/keyboard/palette-items';
import type { PaletteData } from '../../../../src/app/keyboard/palette-items';
import { INITIAL_PALETTE, canRun, escapeCloses, paletteReducer, processingId } from '../../../../src/app/keyboard/palette-state';

const data = (over: Partial<PaletteData> = {}): PaletteData => ({
  slug: 'acme',
  myId: 1,
  filter: 'inbox',
  canSeeTeam: true,
  target: { id: 5, status: 'OPENED', agent_id: null, tags: ['vip'] },
  conversations: [
    { id: 5, subject: 'Refund for order 1234', contact: 'Jane Doe' },
    { id: 6, subject: 'Cannot log in', contact: 'Bob Stone' },
  ],
  tags: [
    { slug: 'vip', name: 'VIP' },
    { slug: 'billing', name: 'Billing' },
  ],
  teammates: [
    { id: 1, name: 'Demo Owner', email: 'owner@acme.test' },
    { id: 2, name: 'Sam Chen', email: 'sam@acme.test' },
  ],
  ...over,
});

const labels = (scope: 'root' | 'assign' | 'tag', query: string, d = data()) => flattenSections(rankItems(paletteItems(scope, d, query), query)).map((item) => item.label);

describe('command palette items', () => {
  it('offers the actions on the target conversation and the places to go, grouped', () => {
    const sections = rankItems(paletteItems('root', data(), ''), '');
    expect(sections.map((s) => s.group)).toEqual(['Actions', 'Inboxes', 'Go to']);
    expect(sections[0]?.items.map((i) => i.label)).toEqual(['Assign to me', 'Assign to…', 'Close', 'Mark as waiting', 'Add tag…', 'New conversation']);
  });

  it('offers to insert a snippet only while a conversation’s composer is open', () => {
    expect(labels('root', '', data({ composerOpen: true }))).toContain('Insert snippet…');
    expect(labels('root', 'canned', data({ composerOpen: true }))[0]).toBe('Insert snippet…');
    expect(labels('root', '', data())).not.toContain('Insert snippet…');
  });

  it('offers Unassign me and Reopen when they apply', () => {
    const target = { id: 5, status: 'CLOSED', agent_id: 1, tags: [] } as const;
    expect(labels('root', '', data({ target }))).toEqual(expect.arrayContaining(['Unassign me', 'Reopen', 'Mark as waiting']));
    expect(labels('root', '', data({ target }))).not.toContain('Close');
  });

  it('has no conversation actions without a target, and no Team without the permission', () => {
    const items = labels('root', '', data({ target: null, canSeeTeam: false }));
    expect(items).not.toContain('Close');
    expect(items).not.toContain('Go to Team');
    expect(items).toContain('Go to Inbox');
  });

  it('searches conversations, tags and teammates only once something is typed', () => {
    expect(labels('root', '')).not.toContain('Cannot log in');
    expect(labels('root', 'log in')).toContain('Cannot log in');
    expect(labels('root', 'bob')).toContain('Cannot log in');
    expect(labels('root', 'billing')).toContain('Add tag “Billing”');
    expect(labels('root', 'sam')).toContain('Assign to Sam Chen');
  });

  it('puts the best match first: "assign" leads with the Assign to… step', () => {
    const found = labels('root', 'assign');
    expect(found[0]).toBe('Assign to…');
    expect(found.slice(0, 2)).toContain('Assign to me');
  });

  it('lists teammates in the Assign to… step, with Unassign when someone has it', () => {
    expect(labels('assign', '')).toEqual(['Demo Owner (you)', 'Sam Chen']);
    expect(labels('assign', '', data({ target: { id: 5, status: 'OPENED', agent_id: 2, tags: [] } }))).toEqual(['Demo Owner (you)', 'Sam Chen', 'Unassign']);
    expect(labels('assign', 'sam')).toEqual(['Sam Chen']);
  });

  it('lists the tags not on the conversation, and offers to create the typed one', () => {
    expect(labels('tag', '')).toEqual(['Billing']);
    expect(labels('tag', 'urgent')).toEqual(['Create tag “urgent”']);
    expect(labels('tag', 'bil')).toEqual(['Billing', 'Create tag “bil”']);
    expect(labels('tag', 'billing')).toEqual(['Billing']);
  });
});

describe('command palette state', () => {
  it('arrow keys wrap around the options', () => {
    const down = paletteReducer(INITIAL_PALETTE, { type: 'move', delta: 1, count: 3 });
    expect(down.active).toBe(1);
    expect(paletteReducer({ ...down, active: 2 }, { type: 'move', delta: 1, count: 3 }).active).toBe(0);
    expect(paletteReducer(INITIAL_PALETTE, { type: 'move', delta: -1, count: 3 }).active).toBe(2);
  });

  it('typing resets the active option', () => {
    const state = paletteReducer({ ...INITIAL_PALETTE, active: 4 }, { type: 'query', query: 'as' });
    expect(state).toMatchObject({ query: 'as', active: 0 });
  });

  it('Escape goes back a scope first, then closes', () => {
    const scoped = paletteReducer({ ...INITIAL_PALETTE, query: 'assign' }, { type: 'scope', scope: 'assign' });
    expect(scoped).toMatchObject({ scope: 'assign', query: '' });
    expect(escapeCloses(scoped)).toBe(false);
    const back = paletteReducer(scoped, { type: 'back' });
    expect(back.scope).toBe('root');
    expect(escapeCloses(back)).toBe(true);
  });

  it('a running command blocks a second run until it is done', () => {
    const running = paletteReducer(INITIAL_PALETTE, { type: 'processing', id: processingId('assign', 'assign-2') });
    expect(running.processing).toBe('assign:assign-2');
    expect(canRun(running)).toBe(false);
    expect(canRun(paletteReducer(running, { type: 'processing', id: null }))).toBe(true);
  });
});

describe('command palette ranking', () => {
  it('a command-like query lists the commands before conversations matched on scattered letters', () => {
    const d = data({
      conversations: [
        { id: 7, subject: 'Assistance signing in', contact: 'Ann Sign' },
        { id: 8, subject: 'Password reset', contact: 'Al Smith' },
      ],
    });
    const found = labels('root', 'assign', d);
    const firstConversation = found.findIndex((label) => label === 'Assistance signing in');
    expect(found.indexOf('Assign to…')).toBeLessThan(firstConversation === -1 ? Infinity : firstConversation);
    expect(found.indexOf('Assign to me')).toBeLessThan(firstConversation === -1 ? Infinity : firstConversation);
  });

  it('a query only conversations match closely still finds them first', () => {
    expect(labels('root', 'refund')[0]).toBe('Refund for order 1234');
  });

  it('"assign" does not list a subject whose letters it only picks out across its words', () => {
    const d = data({ conversations: [{ id: 9, subject: 'VAT number missing on invoice', contact: 'Kim Lee' }] });
    expect(labels('root', 'assign', d)).not.toContain('VAT number missing on invoice');
  });

  it('lists "Assign to me" once though both the action and the teammate would do it', () => {
    const found = labels('root', 'assign');
    expect(found.filter((label) => label === 'Assign to me')).toHaveLength(1);
    expect(found).toContain('Assign to Sam Chen');
  });
});
