import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { createdInterval, DEFAULT_INBOX_TIME_ZONE, foldInboxText, snoozedShown, type InboxQuery, type InboxTerm } from '../../protocol/inbox-query/inbox-query';
import { customValueLiterals } from '../../protocol/custom-data/custom-fields';
import type { Database } from '../db/database';
import type { DialectName } from '../db/open-database';

/**
 * Compiles an inbox query to a where-clause over `conversations` joined with `contacts`, with the
 * same meaning as `matchesInboxQuery` on both dialects. Every term yields true or false, never
 * NULL, so that a negated term is exactly the complement (NOT NULL would drop the row).
 */
type ListScope = ExpressionBuilder<Database, 'conversations' | 'contacts'>;
/** `timeZone` reads `created:` days (DEFAULT_INBOX_TIME_ZONE when left out): the organization's, see organizationTimeZone. */
export type InboxSqlContext = { dialect: DialectName; me: number; timeZone?: string | undefined };

const TEXT_COLUMNS = ['conversations.subject', 'conversations.last_update', 'contacts.name', 'contacts.email'] as const;
const DATA_COLUMNS = ['conversations.custom_data', 'contacts.custom_data'] as const;
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `LIKE` pattern text for a literal substring (backslash is the escape character). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A–Z to a–z only, as `foldInboxText` does. SQLite's LOWER folds ASCII only (no ICU); on
 * PostgreSQL LOWER follows the database locale, so the fold is spelt out with TRANSLATE.
 */
function folded(column: (typeof TEXT_COLUMNS)[number] | (typeof DATA_COLUMNS)[number], dialect: DialectName) {
  const value = sql`coalesce(${sql.ref(column)}, '')`;
  return dialect === 'postgres' ? sql`translate(${value}, ${sql.lit(UPPER)}, ${sql.lit(UPPER.toLowerCase())})` : sql`lower(${value})`;
}

/** Ids may exceed PostgreSQL's 32-bit integer columns; compared as bigint they match nothing instead of failing. */
function idList(ids: number[]) {
  return sql.join(ids.map((id) => sql`cast(${id} as bigint)`));
}

function hasAnyTag(slugs: string[], dialect: DialectName): Expression<SqlBool> {
  const list = sql.join(slugs);
  return dialect === 'postgres'
    ? sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(cast(${sql.ref('conversations.tags')} as jsonb)) as tag(slug) where tag.slug in (${list}))`
    : sql<SqlBool>`exists (select 1 from json_each(${sql.ref('conversations.tags')}) as tag where tag.value in (${list}))`;
}

function termSql(eb: ListScope, term: InboxTerm, { dialect, me, timeZone }: InboxSqlContext): Expression<SqlBool> {
  switch (term.kind) {
    case 'assigned': {
      // Agent ids are positive, so 0 can stand for "nobody" and the comparison is never NULL.
      const ids = term.values.map((value) => (value === 'me' ? me : value === 'none' ? 0 : value));
      return sql<SqlBool>`coalesce(${sql.ref('conversations.agent_id')}, 0) in (${idList(ids)})`;
    }
    case 'is': {
      const statuses = term.values.filter((value) => value !== 'UNREAD' && value !== 'SNOOZED');
      const parts: Expression<SqlBool>[] = [];
      if (statuses.length > 0) parts.push(eb('conversations.status', 'in', statuses));
      if (term.values.includes('UNREAD')) parts.push(eb('conversations.is_unread', '=', 1));
      if (term.values.includes('SNOOZED')) parts.push(eb('conversations.snoozed_until', 'is not', null));
      return eb.or(parts);
    }
    case 'tag':
      return hasAnyTag(term.values, dialect);
    case 'channel':
      return eb('conversations.channel', 'in', term.values);
    case 'contact':
      return sql<SqlBool>`${sql.ref('conversations.contact_id')} in (${idList(term.values)})`;
    case 'created': {
      const { start, end } = createdInterval(term, timeZone ?? DEFAULT_INBOX_TIME_ZONE);
      return eb.and([eb('conversations.created_at', '>=', start), eb('conversations.created_at', '<', end)]);
    }
    case 'text': {
      const pattern = containsPattern(foldInboxText(term.text));
      return eb.or(TEXT_COLUMNS.map((column) => sql<SqlBool>`${folded(column, dialect)} like ${pattern} escape '\\'`));
    }
    case 'data': {
      // The stored JSON (written by JSON.stringify, keys sorted, no spaces) holds `"key":<literal>`
      // followed by `,` or `}`: the same comparison as matchesInboxQuery's.
      const key = JSON.stringify(term.key);
      const literals = [...new Set(term.values.flatMap((value) => customValueLiterals(foldInboxText(value))))];
      const patterns = literals.flatMap((literal) => [containsPattern(`${key}:${literal},`), containsPattern(`${key}:${literal}}`)]);
      return eb.or(DATA_COLUMNS.flatMap((column) => patterns.map((pattern) => sql<SqlBool>`${folded(column, dialect)} like ${pattern} escape '\\'`)));
    }
  }
}

/** The query's filter; leave it out for a query without terms. */
export function inboxQueryWhere(eb: ListScope, query: InboxQuery, context: InboxSqlContext): Expression<SqlBool> {
  return eb.and(
    query.terms.map((term) => {
      const expression = termSql(eb, term, context);
      return term.negated ? eb.not(expression) : expression;
    }),
  );
}

/** An inbox's list: its query's filter, and no snoozed conversation unless the query asks for them (snoozedShown). */
export function inboxListWhere(eb: ListScope, query: InboxQuery, context: InboxSqlContext): Expression<SqlBool> {
  const parts = query.terms.length > 0 ? [inboxQueryWhere(eb, query, context)] : [];
  if (!snoozedShown(query)) parts.push(eb('conversations.snoozed_until', 'is', null));
  return eb.and(parts);
}
