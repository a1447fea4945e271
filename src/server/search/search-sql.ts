import { sql, type RawBuilder } from 'kysely';
import { SEARCH_WEIGHTS, type SearchTerm } from '../../protocol/search/search-text';
import type { DialectName } from '../db/open-database';
import { SEARCH_TABLES } from './search-indexes';

/**
 * One term as each full-text engine reads it. Words hold only letters, digits and marks (see
 * parseSearchText), so they never carry the engines' operators or quotes.
 * FTS5: `"jane doe exa"*` is the phrase with its last word a prefix.
 * tsquery: `'jane' <-> 'doe' <-> 'exa':*`.
 */
export function ftsQuery(term: SearchTerm, dialect: DialectName): string {
  if (dialect === 'postgres') return `${term.words.map((word) => `'${word}'`).join(' <-> ')}${term.prefix ? ':*' : ''}`;
  return `"${term.words.join(' ')}"${term.prefix ? '*' : ''}`;
}

/** Where a term can be found; each source yields the ids of the conversations it was found in. */
type Source = 'subject' | 'contact' | 'message';

/** `(select <row id> from <search table> where <it matches the term>)`. */
function matchingRows(table: string, term: SearchTerm, dialect: DialectName): RawBuilder<unknown> {
  const name = sql.raw(table);
  return dialect === 'postgres'
    ? sql`(select id from ${name} where vector @@ to_tsquery('simple', ${ftsQuery(term, dialect)}))`
    : sql`(select rowid from ${name} where ${name} match ${ftsQuery(term, dialect)})`;
}

/** `and <column> in (ids)`, or nothing without a restriction. */
function within(column: RawBuilder<unknown>, ids: readonly number[] | null): RawBuilder<unknown> {
  if (ids === null) return sql``;
  return sql` and ${column} in (${sql.join(ids.map((id) => sql`cast(${id} as bigint)`))})`;
}

/** `select <conversation id> as cid` of one source for one term, in the organization, optionally only among `ids`. */
function sourceHits(source: Source, term: SearchTerm, scope: HitScope): RawBuilder<unknown> {
  const { dialect, orgId, ids } = scope;
  switch (source) {
    case 'subject':
      return sql`select c.id as cid from conversations c where c.org_id = ${orgId} and c.merged_into is null${within(sql.ref('c.id'), ids)} and c.id in ${matchingRows(SEARCH_TABLES.subjects, term, dialect)}`;
    case 'contact':
      return sql`select c.id as cid from conversations c where c.org_id = ${orgId} and c.merged_into is null${within(sql.ref('c.id'), ids)} and c.contact_id in ${matchingRows(SEARCH_TABLES.contacts, term, dialect)}`;
    case 'message':
      return sql`select m.conversation_id as cid from messages m where ${messageWhere(term, scope)}`;
  }
}

export type HitScope = { dialect: DialectName; orgId: number; ids: readonly number[] | null };

const SOURCES: readonly Source[] = ['subject', 'contact', 'message'];

/**
 * `select cid, score` of every conversation in which each term is found somewhere: the score
 * adds the weight of each place (subject, contact, messages) each term was found in.
 */
export function scoredConversations(terms: readonly SearchTerm[], scope: HitScope): RawBuilder<unknown> {
  const branches = terms.flatMap((term, index) =>
    SOURCES.map((source) => sql`select distinct h.cid, ${sql.lit(index)} as term, ${sql.lit(SEARCH_WEIGHTS[source])} as weight from (${sourceHits(source, term, scope)}) h`),
  );
  return sql`select cid, sum(weight) as score from (${sql.join(branches, sql` union all `)}) hits group by cid having count(distinct term) = ${sql.lit(terms.length)}`;
}

/** Messages count unless removed or undone (a cancelled send never went out). */
function messageWhere(term: SearchTerm, { dialect, orgId, ids }: HitScope): RawBuilder<unknown> {
  return sql`m.org_id = ${orgId} and m.is_removed = 0 and m.status <> 'CANCELLED'${within(sql.ref('m.conversation_id'), ids)} and m.id in ${matchingRows(SEARCH_TABLES.messages, term, dialect)}`;
}

/** The ids of the messages and notes of `ids` in which any term is found (for snippets). */
export function matchingMessageIds(terms: readonly SearchTerm[], scope: HitScope & { ids: readonly number[] }): RawBuilder<{ id: number }> {
  return sql<{ id: number }>`${sql.join(
    terms.map((term) => sql`select m.id from messages m where ${messageWhere(term, scope)}`),
    sql` union `,
  )}`;
}
