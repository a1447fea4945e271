import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../src/protocol/documents';
import { DEFAULT_INBOX_QUERY, foldInboxText, type InboxQuery } from '../../../../src/protocol/inbox-query/inbox-query';
import { compareForInbox, matchesInboxQuery } from '../../../../src/protocol/inbox-query/match-inbox-query';
import { parseInboxQuery } from '../../../../src/protocol/inbox-query/parse-inbox-query';

function parse(text: string): InboxQuery {
  const result = parseInboxQuery(text);
  if (!result.ok) throw new Error(`Expected ${text} to parse: ${result.error.message}`);
  return result.query;
}

function parseError(text: string): { message: string; position: number } {
  const result = parseInboxQuery(text);
  if (result.ok) throw new Error(`Expected ${text} to be refused`);
  return result.error;
}

const ME = 7;

function conversation(fields: Partial<Conversation> = {}): Conversation {
  return {
    id: 1,
    agent_id: null,
    contact_id: 40,
    channel: 'EMAIL',
    channel_id: null,
    subject: 'Charged twice this month',
    status: 'OPENED',
    tags: ['billing'],
    recipients: [],
    last_update: 'Could you refund the duplicate?',
    last_update_ts: 1000,
    is_unread: false,
    priority: 0,
    created_at: 500,
    version: 1,
    ...fields,
  };
}

const matches = (text: string, fields: Partial<Conversation> = {}, contact = { name: 'Chloé O\'Brien', email: 'chloe@example.com' }) =>
  matchesInboxQuery(parse(text), conversation(fields), { me: ME, contact });

describe('inbox query parser', () => {
  it('parses the default inbox query', () => {
    expect(parse(DEFAULT_INBOX_QUERY)).toEqual({
      terms: [
        { kind: 'assigned', negated: false, values: ['me', 'none'] },
        { kind: 'is', negated: false, values: ['OPENED'] },
      ],
      order: 'newest',
    });
  });

  it('parses every filter, comma alternatives, negations and free text in order', () => {
    expect(parse('  assigned:12,NONE  is:waiting,Unread tag:Billing,urgent -channel:chat contact:40 -tag:spam refund "charged  twice" -"out of office" order:oldest ')).toEqual({
      terms: [
        { kind: 'assigned', negated: false, values: [12, 'none'] },
        { kind: 'is', negated: false, values: ['WAITING', 'UNREAD'] },
        { kind: 'tag', negated: false, values: ['billing', 'urgent'] },
        { kind: 'channel', negated: true, values: ['CHAT'] },
        { kind: 'contact', negated: false, values: [40] },
        { kind: 'tag', negated: true, values: ['spam'] },
        { kind: 'text', negated: false, text: 'refund' },
        { kind: 'text', negated: false, text: 'charged  twice' },
        { kind: 'text', negated: true, text: 'out of office' },
      ],
      order: 'oldest',
    });
  });

  it('reads an empty or blank query as one without terms or order', () => {
    expect(parse('')).toEqual({ terms: [], order: null });
    expect(parse(' \t\n')).toEqual({ terms: [], order: null });
  });

  it('keeps words with a colon that are not filters, and punctuation, as free text', () => {
    expect(parse('10:30 #1234 50% a_b O\'Brien').terms.map((term) => term.kind === 'text' && term.text)).toEqual(['10:30', '#1234', '50%', 'a_b', "O'Brien"]);
  });

  it('refuses unknown filters with their position', () => {
    expect(parseError('foo:bar')).toEqual({ message: "Unknown filter 'foo' at 1", position: 1 });
    expect(parseError('is:opened Re: invoice')).toEqual({ message: "Unknown filter 'Re' at 11", position: 11 });
    expect(parseError('-http://example.com')).toEqual({ message: "Unknown filter 'http' at 2", position: 2 });
  });

  it('refuses unknown values, naming what the filter expects and where the value starts', () => {
    expect(parseError('is:lost')).toEqual({ message: "is: expects opened, waiting, closed, unread or snoozed, not 'lost' at 4", position: 4 });
    expect(parseError('is:opened,lost').position).toBe(11);
    expect(parseError('assigned:someone').message).toBe("assigned: expects me, none or an agent id, not 'someone' at 10");
    expect(parseError('assigned:0').message).toMatch(/^assigned: expects/);
    expect(parseError('assigned:-3').message).toMatch(/^assigned: expects/);
    expect(parseError('channel:phone').message).toBe("channel: expects email or chat, not 'phone' at 9");
    expect(parseError('contact:abc').message).toBe("contact: expects a contact id, not 'abc' at 9");
    expect(parseError('contact:1.5').message).toMatch(/^contact: expects/);
    expect(parseError('order:sideways').message).toBe("order: expects priority, newest or oldest, not 'sideways' at 7");
  });

  it('refuses empty values, including an empty alternative', () => {
    expect(parseError('tag:')).toEqual({ message: 'tag: expects a tag slug at 5', position: 5 });
    expect(parseError('is:')).toEqual({ message: 'is: expects opened, waiting, closed, unread or snoozed at 4', position: 4 });
    expect(parseError('tag:a,,b')).toEqual({ message: 'tag: expects a tag slug at 7', position: 7 });
    expect(parseError('tag:a,')).toEqual({ message: 'tag: expects a tag slug at 7', position: 7 });
    expect(parseError('order:').message).toBe('order: expects priority, newest or oldest at 7');
  });

  it('refuses a second order, a negated order and an order with alternatives', () => {
    expect(parseError('order:newest is:opened order:oldest')).toEqual({ message: 'Only one order: is allowed at 24', position: 24 });
    expect(parseError('-order:newest')).toEqual({ message: 'order: cannot be negated at 1', position: 1 });
    expect(parseError('order:newest,oldest').message).toMatch(/^order: expects priority, newest or oldest, not 'newest,oldest'/);
  });

  it('refuses unclosed, empty and misplaced quotes and a lone minus', () => {
    expect(parseError('refund "charged twice')).toEqual({ message: 'Unclosed quote at 8', position: 8 });
    expect(parseError('""')).toEqual({ message: 'Empty quoted phrase at 1', position: 1 });
    expect(parseError('-"  "')).toEqual({ message: 'Empty quoted phrase at 2', position: 2 });
    expect(parseError('"charged"twice')).toEqual({ message: 'Expected a space after the closing quote at 10', position: 10 });
    expect(parseError('say"hi"')).toEqual({ message: 'Unexpected quote inside a word (quote a whole phrase) at 4', position: 4 });
    expect(parseError('tag:"billing"').position).toBe(5);
    expect(parseError('refund -')).toEqual({ message: "Expected a term after '-' at 8", position: 8 });
    expect(parseError('- refund').position).toBe(1);
  });
});

describe('inbox query evaluation', () => {
  it('the default inbox shows open conversations assigned to me or to nobody', () => {
    expect(matches(DEFAULT_INBOX_QUERY)).toBe(true);
    expect(matches(DEFAULT_INBOX_QUERY, { agent_id: ME })).toBe(true);
    expect(matches(DEFAULT_INBOX_QUERY, { agent_id: ME + 1 })).toBe(false);
    expect(matches(DEFAULT_INBOX_QUERY, { status: 'WAITING' })).toBe(false);
  });

  it('matches assignees by me, none and id, and negates them without losing unassigned ones', () => {
    expect(matches('assigned:8', { agent_id: 8 })).toBe(true);
    expect(matches('assigned:8', { agent_id: null })).toBe(false);
    expect(matches('-assigned:me', { agent_id: null })).toBe(true);
    expect(matches('-assigned:me', { agent_id: ME })).toBe(false);
    expect(matches('-assigned:none', { agent_id: 3 })).toBe(true);
  });

  it('is: matches statuses or the unread flag', () => {
    expect(matches('is:waiting,closed', { status: 'CLOSED' })).toBe(true);
    expect(matches('is:waiting,closed')).toBe(false);
    expect(matches('is:unread', { is_unread: true })).toBe(true);
    expect(matches('is:unread')).toBe(false);
    expect(matches('is:closed,unread', { is_unread: true })).toBe(true);
    expect(matches('is:opened -is:unread', { is_unread: true })).toBe(false);
  });

  it('matches tags, channels and contacts, any of the alternatives', () => {
    expect(matches('tag:bug,billing')).toBe(true);
    expect(matches('tag:bug')).toBe(false);
    expect(matches('-tag:spam')).toBe(true);
    expect(matches('-tag:billing')).toBe(false);
    expect(matches('tag:billing tag:urgent', { tags: ['billing', 'urgent'] })).toBe(true);
    expect(matches('tag:billing tag:urgent')).toBe(false);
    expect(matches('tag:billing', { tags: [] })).toBe(false);
    expect(matches('channel:email')).toBe(true);
    expect(matches('channel:chat')).toBe(false);
    expect(matches('contact:40,41')).toBe(true);
    expect(matches('contact:41')).toBe(false);
  });

  it('finds free text in the subject, the last update and the contact, folding only A–Z', () => {
    expect(matches('TWICE')).toBe(true);
    expect(matches('duplicate')).toBe(true);
    expect(matches('"o\'brien"')).toBe(true);
    expect(matches('EXAMPLE.COM')).toBe(true);
    expect(matches('chloé')).toBe(true);
    expect(matches('CHLOÉ')).toBe(false);
    expect(matches('"charged twice"')).toBe(true);
    expect(matches('"twice charged"')).toBe(false);
    expect(matches('twice charged')).toBe(true);
    expect(matches('-refund')).toBe(false);
    expect(matches('-"out of office"')).toBe(true);
    expect(matches('50%')).toBe(false);
  });

  it('without the contact, free text looks only at the conversation', () => {
    const query = parse('chloe');
    expect(matchesInboxQuery(query, conversation(), { me: ME })).toBe(false);
    expect(matchesInboxQuery(query, conversation({ subject: 'For Chloe' }), { me: ME })).toBe(true);
  });

  it('a query without terms matches everything', () => {
    expect(matches('order:oldest', { status: 'CLOSED', agent_id: 99 })).toBe(true);
  });

  it('folds A–Z to a–z and leaves every other character alone', () => {
    expect(foldInboxText('ÉCOLE Straße ABC')).toBe('École straße abc');
  });
});

describe('inbox order', () => {
  const rows = [
    { id: 1, priority: 0, last_update_ts: 300 },
    { id: 2, priority: 1, last_update_ts: 100 },
    { id: 3, priority: 0, last_update_ts: 300 },
    { id: 4, priority: 1, last_update_ts: 200 },
    { id: 5, priority: 0, last_update_ts: 50 },
  ];
  const order = (text: string) => [...rows].sort(compareForInbox(parse(text))).map((row) => row.id);

  it('priority: higher first, then the latest activity, then the higher id', () => {
    expect(order('order:priority')).toEqual([4, 2, 3, 1, 5]);
  });

  it('newest by default, ties broken by the higher id; oldest is the exact reverse', () => {
    expect(order('')).toEqual([3, 1, 4, 2, 5]);
    expect(order('order:newest')).toEqual([3, 1, 4, 2, 5]);
    expect(order('order:oldest')).toEqual([5, 2, 4, 1, 3]);
  });
});

describe('snoozed conversations in inbox queries', () => {
  const base = { id: 1, agent_id: null, contact_id: 1, channel: 'EMAIL' as const, status: 'OPENED' as const, tags: [], is_unread: false, subject: '', last_update: '', created_at: 0 };
  const query = (text: string) => {
    const parsed = parseInboxQuery(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.query;
  };

  it('a snoozed conversation is in no list but those asking for is:snoozed', () => {
    const snoozed = { ...base, snoozed_until: Date.UTC(2030, 0, 1) };
    expect(matchesInboxQuery(query('is:opened'), snoozed, { me: 1 })).toBe(false);
    expect(matchesInboxQuery(query(''), snoozed, { me: 1 })).toBe(false);
    expect(matchesInboxQuery(query('is:snoozed'), snoozed, { me: 1 })).toBe(true);
    expect(matchesInboxQuery(query('is:snoozed'), { ...base, snoozed_until: null }, { me: 1 })).toBe(false);
    expect(matchesInboxQuery(query('is:opened'), { ...base, snoozed_until: null }, { me: 1 })).toBe(true);
  });
});

describe('created: in inbox queries', () => {
  const at = (iso: string) => Date.parse(iso);
  const createdMatches = (text: string, createdAt: string, timeZone?: string) =>
    matchesInboxQuery(parse(text), conversation({ created_at: at(createdAt) }), { me: ME, timeZone });

  it('parses one day and a range of days, negatable', () => {
    expect(parse('created:2026-11-02 -created:2026-11-01..2026-11-07').terms).toEqual([
      { kind: 'created', negated: false, from: '2026-11-02', to: '2026-11-02' },
      { kind: 'created', negated: true, from: '2026-11-01', to: '2026-11-07' },
    ]);
    expect(parse('CREATED:2026-11-02..2026-11-02').terms).toEqual([{ kind: 'created', negated: false, from: '2026-11-02', to: '2026-11-02' }]);
  });

  it('refuses a day that does not exist or is not YYYY-MM-DD, and a range that ends before it starts, with positions', () => {
    const expects = 'created: expects a day (YYYY-MM-DD) or two (YYYY-MM-DD..YYYY-MM-DD)';
    expect(parseError('created:')).toEqual({ message: `${expects} at 9`, position: 9 });
    expect(parseError('created:2026-02-30')).toEqual({ message: `${expects}, not '2026-02-30' at 9`, position: 9 });
    expect(parseError('is:opened created:2026-1-2').position).toBe(19);
    expect(parseError('created:2026-11-01..')).toEqual({ message: `${expects} at 21`, position: 21 });
    expect(parseError('created:2026-11-01..tomorrow').message).toBe(`${expects}, not 'tomorrow' at 21`);
    expect(parseError('created:2026-11-01,2026-11-02').position).toBe(9);
    expect(parseError('created:2026-11-07..2026-11-01')).toEqual({ message: 'created: 2026-11-01 is before 2026-11-07 at 21', position: 21 });
  });

  it('a day runs from midnight to midnight in UTC without a time zone, both ends of a range included', () => {
    expect(createdMatches('created:2026-11-02', '2026-11-02T00:00:00.000Z')).toBe(true);
    expect(createdMatches('created:2026-11-02', '2026-11-02T23:59:59.999Z')).toBe(true);
    expect(createdMatches('created:2026-11-02', '2026-11-01T23:59:59.999Z')).toBe(false);
    expect(createdMatches('created:2026-11-02', '2026-11-03T00:00:00.000Z')).toBe(false);
    expect(createdMatches('created:2026-11-01..2026-11-07', '2026-11-07T12:00:00.000Z')).toBe(true);
    expect(createdMatches('created:2026-11-01..2026-11-07', '2026-11-08T00:00:00.000Z')).toBe(false);
    expect(createdMatches('-created:2026-11-01..2026-11-07', '2026-11-08T00:00:00.000Z')).toBe(true);
  });

  it("reads days in the organization's time zone, 23 and 25 hours long across DST changes", () => {
    const paris = 'Europe/Paris';
    // 29 March 2026: clocks go forward, the day is 2026-03-28T23:00Z to 2026-03-29T22:00Z.
    expect(createdMatches('created:2026-03-29', '2026-03-28T23:00:00.000Z', paris)).toBe(true);
    expect(createdMatches('created:2026-03-29', '2026-03-28T22:59:59.999Z', paris)).toBe(false);
    expect(createdMatches('created:2026-03-29', '2026-03-29T21:59:59.999Z', paris)).toBe(true);
    expect(createdMatches('created:2026-03-29', '2026-03-29T22:00:00.000Z', paris)).toBe(false);
    // 25 October 2026: clocks go back, the day is 2026-10-24T22:00Z to 2026-10-25T23:00Z.
    expect(createdMatches('created:2026-10-25', '2026-10-24T22:00:00.000Z', paris)).toBe(true);
    expect(createdMatches('created:2026-10-25', '2026-10-25T22:59:59.999Z', paris)).toBe(true);
    expect(createdMatches('created:2026-10-25', '2026-10-25T23:00:00.000Z', paris)).toBe(false);
    // The same instant is a different day in New York.
    expect(createdMatches('created:2026-11-02', '2026-11-03T03:00:00.000Z', 'America/New_York')).toBe(true);
  });
});
