import { describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../../../../../src/client-db/inbox-database';
import { collisionState, collisionText, isColliding, markOf } from '../../../../../../src/app/screens/conversations/composer/collision-rule';
import { typingText } from '../../../../../../src/app/screens/conversations/composer/TypingNotice';
import { message } from '../../../../support/worker-harness';

const ME = 1;
const MATE = 2;
const CUSTOMER = 30;

const entry = (id: string, ts: number, overrides: Partial<LocalMessage> = {}): LocalMessage =>
  message({ id, timestamp_ts: ts, agent_id: null, contact_id: CUSTOMER, ...overrides });

const thread = [entry('m-1', 100), entry('m-2', 200, { agent_id: ME, contact_id: null }), entry('m-3', 300)];
const ids = (entries: readonly LocalMessage[]) => entries.map((e) => e.id);

describe('collision rule (§4: what must be seen before a reply goes out)', () => {
  it("a customer's message or a teammate's reply collides; notes, the agent's own replies and cancelled sends do not", () => {
    expect(isColliding(entry('a', 1), ME)).toBe(true);
    expect(isColliding(entry('b', 1, { agent_id: MATE, contact_id: null, status: 'PENDING' }), ME)).toBe(true);
    expect(isColliding(entry('c', 1, { agent_id: MATE, contact_id: null, type: 'NOTE' }), ME)).toBe(false);
    expect(isColliding(entry('d', 1, { agent_id: ME, contact_id: null }), ME)).toBe(false);
    expect(isColliding(entry('e', 1, { agent_id: null, contact_id: null }), ME)).toBe(false);
    expect(isColliding(entry('f', 1, { agent_id: MATE, contact_id: null, status: 'CANCELLED' }), ME)).toBe(false);
  });

  it('nothing collides until the agent writes; then arrivals after the mark do', () => {
    const later = [...thread, entry('m-4', 400), entry('n-5', 500, { type: 'NOTE', agent_id: MATE, contact_id: null })];
    expect(collisionState(later, { writing: null, reviewed: null }, ME)).toEqual({ arrived: [], unreviewed: [] });
    const state = collisionState(later, { writing: markOf(thread), reviewed: null }, ME);
    expect(ids(state.arrived)).toEqual(['m-4']);
    expect(ids(state.unreviewed)).toEqual(['m-4']);
  });

  it('an older page loaded while writing is not an arrival', () => {
    const older = [entry('m-0', 50), entry('m-00', 60)];
    expect(collisionState([...older, ...thread], { writing: markOf(thread), reviewed: null }, ME).arrived).toEqual([]);
  });

  it('after a review only what arrives later blocks the send again, while the notice still names everything', () => {
    const first = [...thread, entry('m-4', 400)];
    const second = [...first, entry('m-5', 500, { agent_id: MATE, contact_id: null })];
    const marks = { writing: markOf(thread), reviewed: markOf(first) };
    expect(collisionState(first, marks, ME).unreviewed).toEqual([]);
    const state = collisionState(second, marks, ME);
    expect(ids(state.arrived)).toEqual(['m-4', 'm-5']);
    expect(ids(state.unreviewed)).toEqual(['m-5']);
  });

  it('an arrival that is cancelled (an undone teammate reply) no longer collides', () => {
    const undone = [...thread, entry('m-4', 400, { agent_id: MATE, contact_id: null, status: 'CANCELLED' })];
    expect(collisionState(undone, { writing: markOf(thread), reviewed: null }, ME).arrived).toEqual([]);
  });

  it('with an empty thread, any message arriving collides', () => {
    expect(ids(collisionState([entry('m-1', 5)], { writing: markOf([]), reviewed: null }, ME).arrived)).toEqual(['m-1']);
  });

  it('names who wrote what arrived', () => {
    const name = (e: LocalMessage) => (e.agent_id === MATE ? 'Ana Li' : 'Jane Doe');
    expect(collisionText([], name)).toBe('');
    expect(collisionText([entry('a', 1)], name)).toBe('New message from Jane Doe while you were writing.');
    expect(collisionText([entry('b', 1, { agent_id: MATE, contact_id: null })], name)).toBe('Ana Li replied while you were writing.');
    expect(collisionText([entry('a', 1), entry('b', 2)], name)).toBe('2 new messages while you were writing.');
  });

  it('says who else is writing a reply', () => {
    expect(typingText([])).toBe('');
    expect(typingText([{ name: 'Ana Li' }])).toBe('Ana Li is writing a reply…');
    expect(typingText([{ name: 'Ana Li' }, { name: 'Sam Chen' }])).toBe('Ana Li and Sam Chen are writing replies…');
    expect(typingText([{ name: 'A' }, { name: 'B' }, { name: 'C' }])).toBe('3 teammates are writing replies…');
  });
});
