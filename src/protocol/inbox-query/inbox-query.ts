import type { Channel, ConversationStatus } from '../documents';
import { wallTimeToInstant } from '../hours/schedule';

/**
 * The parsed form of an inbox query (see `parse-inbox-query.ts` for the text syntax). The
 * server compiles it to SQL and the client evaluates it over documents; both read only this.
 */
export type InboxOrder = 'priority' | 'newest' | 'oldest';
export const INBOX_ORDERS = ['priority', 'newest', 'oldest'] as const satisfies readonly InboxOrder[];

/** `me` is resolved by whoever evaluates the query (the signed-in agent). */
export type InboxAssignee = 'me' | 'none' | number;
/**
 * `is:` mixes statuses, the unread flag and the snooze: `is:opened,unread` is "opened or unread".
 * A snoozed conversation is in no list whose query does not name `is:snoozed` (snoozedShown).
 */
export type InboxState = ConversationStatus | 'UNREAD' | 'SNOOZED';

/** Whether a query's list shows snoozed conversations: only when it asks for them (`is:snoozed`, not negated). */
export function snoozedShown(query: InboxQuery): boolean {
  return query.terms.some((term) => term.kind === 'is' && !term.negated && term.values.includes('SNOOZED'));
}

/** Each term is an OR over its values; `negated` inverts the whole term. */
export type InboxTerm =
  | { kind: 'assigned'; negated: boolean; values: InboxAssignee[] }
  | { kind: 'is'; negated: boolean; values: InboxState[] }
  | { kind: 'tag'; negated: boolean; values: string[] }
  | { kind: 'channel'; negated: boolean; values: Channel[] }
  | { kind: 'contact'; negated: boolean; values: number[] }
  /**
   * `data.<key>:<value>`: the conversation's or its contact's custom data value of that field is
   * one of `values` (as typed; compared as JSON after `foldInboxText`, see customValueLiterals).
   */
  | { kind: 'data'; negated: boolean; key: string; values: string[] }
  /**
   * `created:<day>` or `created:<from>..<to>` (both days included): the conversation was created
   * within those calendar days (YYYY-MM-DD) in the evaluator's time zone (see createdInterval).
   */
  | { kind: 'created'; negated: boolean; from: string; to: string }
  /** A word or a quoted phrase, as typed; matched after `foldInboxText`. */
  | { kind: 'text'; negated: boolean; text: string };

/** All terms must match. `order` is null when the query names none (the list then shows newest first). */
export type InboxQuery = { terms: InboxTerm[]; order: InboxOrder | null };

export type InboxQueryError = { message: string; position: number };

/**
 * §2: assigned to me or to nobody, open (unless a custom inbox replaces it), newest activity
 * first, so a conversation that just arrived or that the customer just wrote in is the first row
 * (docs/decisions.md "The default inbox: newest activity first").
 */
export const DEFAULT_INBOX_QUERY = 'assigned:me,none is:opened order:newest';

export const DEFAULT_INBOX_ORDER: InboxOrder = 'newest';

/**
 * Free text is matched after folding A–Z to a–z and nothing else, because that is the only case
 * folding SQLite (LOWER, LIKE), PostgreSQL (whatever its locale) and JavaScript agree on:
 * "chloé" finds "Chloé" but "CHLOÉ" does not.
 */
export function foldInboxText(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

/** The time zone `created:` days are read in when the organization has no business hours. */
export const DEFAULT_INBOX_TIME_ZONE = 'UTC';

function localDate(iso: string, shift = 0): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const utc = new Date(Date.UTC(year, month - 1, day + shift));
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

/**
 * The instants a `created:` term covers, `start` included and `end` excluded: from the first
 * day's midnight to the midnight after the last day in `timeZone`, so a day across a DST change
 * lasts 23 or 25 hours. The server's SQL and the client's matcher both compare `created_at` with it.
 */
export function createdInterval(term: { from: string; to: string }, timeZone: string): { start: number; end: number } {
  return { start: wallTimeToInstant(timeZone, localDate(term.from), 0), end: wallTimeToInstant(timeZone, localDate(term.to, 1), 0) };
}
