/**
 * The inbox query language: one parser, evaluated as SQL on the server
 * (`src/server/conversations/inbox-query-sql.ts`) and over documents in the client
 * (`match-inbox-query.ts`).
 *
 * Terms are separated by whitespace and all must match (AND). Keys and fixed values are
 * case-insensitive; within one term, commas mean OR.
 *
 *   assigned:me | none | <agent id>   assigned:me,none    the default inbox's assignees
 *   is:opened | waiting | closed | unread   is:opened,waiting   status, or the unread flag
 *   tag:<slug>                        tag:billing,urgent  has any of these tags
 *   channel:email | chat
 *   contact:<contact id>
 *   created:<day> | <day>..<day>      created:2026-11-01..2026-11-07   created on those days (both included),
 *                                     YYYY-MM-DD in the organization's time zone (UTC without business hours)
 *   data.<field key>:<value>          data.plan:pro,team  a custom data value (contact's or conversation's)
 *   order:priority | newest | oldest  at most one, not a filter (default: newest)
 *   -<term>                           -tag:spam  -"out of office"   the term must not match
 *   anything else                     refund  "charged twice"       free text
 *
 * Free text is a word or a "quoted phrase", found as a substring of the subject, the last
 * update, or the contact's name or email; A–Z match a–z (see `foldInboxText`). A word of the
 * form `letters:…` is a filter, so quote text that looks like one: "Re: invoice".
 *
 * Errors carry a 1-based position: an unknown filter (`foo:bar`), an unknown or empty value
 * (`is:lost`, `tag:`, `tag:a,,b`, `created:2026-02-30`), a `created:` range that ends before it starts, a negated or second `order:`, a lone `-`, an unclosed or
 * empty quote, or a quote inside a word.
 */
import { parseQueryId } from '../canonical-id';
import { CUSTOM_KEY_PATTERN } from '../custom-data/custom-fields';
import { CHANNELS, CONVERSATION_STATUSES, type Channel } from '../documents';
import { INBOX_ORDERS, type InboxAssignee, type InboxOrder, type InboxQuery, type InboxQueryError, type InboxState, type InboxTerm } from './inbox-query';

export type InboxQueryParse = { ok: true; query: InboxQuery } | { ok: false; error: InboxQueryError };

const FILTER_EXPECTS = {
  assigned: 'me, none or an agent id',
  is: 'opened, waiting, closed, unread or snoozed',
  tag: 'a tag slug',
  channel: 'email or chat',
  contact: 'a contact id',
  created: 'a day (YYYY-MM-DD) or two (YYYY-MM-DD..YYYY-MM-DD)',
  order: 'priority, newest or oldest',
} as const;
type FilterKey = keyof typeof FILTER_EXPECTS;

const FILTER_PATTERN = /^(data\.[A-Za-z0-9_]+|[A-Za-z]+):/i;
const DATA_PREFIX = 'data.';

class QueryError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at ${position}`);
  }
}

function isFilterKey(key: string): key is FilterKey {
  return Object.hasOwn(FILTER_EXPECTS, key);
}

function readAssignee(raw: string): InboxAssignee | null {
  const lower = raw.toLowerCase();
  if (lower === 'me' || lower === 'none') return lower;
  return parseQueryId(raw);
}

function readState(raw: string): InboxState | null {
  if (raw.toLowerCase() === 'unread') return 'UNREAD';
  if (raw.toLowerCase() === 'snoozed') return 'SNOOZED';
  return CONVERSATION_STATUSES.find((status) => status === raw.toUpperCase()) ?? null;
}

const readChannel = (raw: string): Channel | null => CHANNELS.find((channel) => channel === raw.toUpperCase()) ?? null;
const readId = parseQueryId;
/** Slugs are lowercase; an unknown one is not an error, it matches nothing. */
const readSlug = (raw: string): string => raw.toLowerCase();

/** The comma-separated values of `key:a,b`, whose value starts at `valueStart` (0-based) in the text. */
function readValues<T>(key: FilterKey, value: string, valueStart: number, read: (raw: string) => T | null): T[] {
  const values: T[] = [];
  let offset = valueStart;
  for (const raw of value.split(',')) {
    const parsed = raw === '' ? null : read(raw);
    if (parsed === null) throw new QueryError(`${key}: expects ${FILTER_EXPECTS[key]}${raw === '' ? '' : `, not '${raw}'`}`, offset + 1);
    values.push(parsed);
    offset += raw.length + 1;
  }
  return values;
}

function filterTerm(key: Exclude<FilterKey, 'order' | 'created'>, negated: boolean, value: string, valueStart: number): InboxTerm {
  switch (key) {
    case 'assigned':
      return { kind: key, negated, values: readValues(key, value, valueStart, readAssignee) };
    case 'is':
      return { kind: key, negated, values: readValues(key, value, valueStart, readState) };
    case 'channel':
      return { kind: key, negated, values: readValues(key, value, valueStart, readChannel) };
    case 'contact':
      return { kind: key, negated, values: readValues(key, value, valueStart, readId) };
    case 'tag':
      return { kind: key, negated, values: readValues(key, value, valueStart, readSlug) };
  }
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as YYYY-MM-DD that exists (not 2026-02-30). */
function isDay(raw: string): boolean {
  const match = DAY_PATTERN.exec(raw);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `created:<day>` or `created:<from>..<to>`; days compare as text since they are all YYYY-MM-DD. */
function createdTerm(negated: boolean, value: string, valueStart: number): InboxTerm {
  const separator = value.indexOf('..');
  const from = separator === -1 ? value : value.slice(0, separator);
  const to = separator === -1 ? value : value.slice(separator + 2);
  const expects = (raw: string, at: number) => new QueryError(`created: expects ${FILTER_EXPECTS.created}${raw === '' ? '' : `, not '${raw}'`}`, at + 1);
  if (!isDay(from)) throw expects(from, valueStart);
  if (!isDay(to)) throw expects(to, valueStart + from.length + 2);
  if (to < from) throw new QueryError(`created: ${to} is before ${from}`, valueStart + from.length + 3);
  return { kind: 'created', negated, from, to };
}

/** `data.<key>:a,b`: the field key must read as one, every value must be non-empty. */
function dataTerm(key: string, negated: boolean, value: string, valueStart: number): InboxTerm {
  if (!CUSTOM_KEY_PATTERN.test(key)) throw new QueryError(`data.${key}: is not a custom data field key`, valueStart - key.length);
  const values: string[] = [];
  let offset = valueStart;
  for (const raw of value.split(',')) {
    if (raw === '') throw new QueryError(`data.${key}: expects a value`, offset + 1);
    values.push(raw);
    offset += raw.length + 1;
  }
  return { kind: 'data', negated, key, values };
}

/** Reads a quoted phrase whose opening quote is at `start`; returns it and the index after the closing quote. */
function readPhrase(text: string, start: number): { phrase: string; end: number } {
  const close = text.indexOf('"', start + 1);
  if (close === -1) throw new QueryError('Unclosed quote', start + 1);
  const phrase = text.slice(start + 1, close);
  if (phrase.trim() === '') throw new QueryError('Empty quoted phrase', start + 1);
  const end = close + 1;
  if (end < text.length && !/\s/.test(text.charAt(end))) throw new QueryError('Expected a space after the closing quote', end + 1);
  return { phrase, end };
}

function parseTerms(text: string): InboxQuery {
  const terms: InboxTerm[] = [];
  let order: InboxOrder | null = null;
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text.charAt(i))) {
      i += 1;
      continue;
    }
    const termStart = i;
    const negated = text.charAt(i) === '-';
    const bodyStart = negated ? i + 1 : i;
    if (negated && (bodyStart >= text.length || /\s/.test(text.charAt(bodyStart)))) throw new QueryError("Expected a term after '-'", termStart + 1);
    if (text.charAt(bodyStart) === '"') {
      const { phrase, end } = readPhrase(text, bodyStart);
      terms.push({ kind: 'text', negated, text: phrase });
      i = end;
      continue;
    }
    let end = bodyStart;
    while (end < text.length && !/\s/.test(text.charAt(end))) end += 1;
    const word = text.slice(bodyStart, end);
    i = end;
    const quote = word.indexOf('"');
    if (quote !== -1) throw new QueryError('Unexpected quote inside a word (quote a whole phrase)', bodyStart + quote + 1);
    const filter = FILTER_PATTERN.exec(word);
    if (!filter?.[1]) {
      terms.push({ kind: 'text', negated, text: word });
      continue;
    }
    const key = filter[1].toLowerCase();
    if (key.startsWith(DATA_PREFIX)) {
      terms.push(dataTerm(key.slice(DATA_PREFIX.length), negated, word.slice(filter[0].length), bodyStart + filter[0].length));
      continue;
    }
    if (!isFilterKey(key)) throw new QueryError(`Unknown filter '${filter[1]}'`, bodyStart + 1);
    const valueStart = bodyStart + filter[0].length;
    const value = word.slice(filter[0].length);
    if (key === 'created') {
      terms.push(createdTerm(negated, value, valueStart));
      continue;
    }
    if (key !== 'order') {
      terms.push(filterTerm(key, negated, value, valueStart));
      continue;
    }
    if (negated) throw new QueryError('order: cannot be negated', termStart + 1);
    if (order !== null) throw new QueryError('Only one order: is allowed', termStart + 1);
    order = INBOX_ORDERS.find((name) => name === value.toLowerCase()) ?? null;
    if (order === null) throw new QueryError(`order: expects ${FILTER_EXPECTS.order}${value === '' ? '' : `, not '${value}'`}`, valueStart + 1);
  }
  return { terms, order };
}

/** Parses an inbox query; an empty text is the query that matches everything. */
export function parseInboxQuery(text: string): InboxQueryParse {
  try {
    return { ok: true, query: parseTerms(text) };
  } catch (error) {
    if (error instanceof QueryError) return { ok: false, error: { message: error.message, position: error.position } };
    throw error;
  }
}
