import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/open-database';

/**
 * Migration 0004-search: full-text indexes over conversation subjects, contacts (name and
 * email) and messages and notes, kept current by the database itself on every write (the
 * seed's bulk inserts, inbound mail and split included), and filled from the rows that exist.
 * Each searched table gets a search table keyed by its row id; queries match there and join.
 *
 * SQLite: FTS5 tables over the rows (external content) and triggers. Words are letters and
 * digits (unicode61), compared without diacritics.
 * PostgreSQL: a table of stored tsvectors with a GIN index, written by triggers: the `simple`
 * configuration (no stemming and no stop words, like FTS5) over the text with punctuation
 * turned into spaces (so `jane.doe@example.com` is four words, as in FTS5) and Latin
 * diacritics folded. Stored, because computing it again per row is far too slow for a search
 * that matches most messages.
 */
export async function createSearchIndexes(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await createPostgresSearch(db);
  else await createSqliteSearch(db);
}

/** A search table per searched table; its rows are keyed by the searched row's id. */
export const SEARCH_TABLES = { subjects: 'search_subjects', contacts: 'search_contacts', messages: 'search_messages' } as const;

const SEARCHED = [
  { search: SEARCH_TABLES.subjects, table: 'conversations', columns: ['subject'] },
  { search: SEARCH_TABLES.contacts, table: 'contacts', columns: ['name', 'email'] },
  { search: SEARCH_TABLES.messages, table: 'messages', columns: ['message'] },
] as const;

async function createSqliteSearch(db: Kysely<unknown>): Promise<void> {
  for (const { search, table, columns } of SEARCHED) {
    const name = sql.raw(search);
    const list = sql.raw(columns.join(', '));
    const values = (row: 'new' | 'old') => sql.raw(columns.map((column) => `${row}.${column}`).join(', '));
    await sql`create virtual table ${name} using fts5(${list}, content='${sql.raw(table)}', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger ${sql.raw(`${search}_insert`)} after insert on ${sql.raw(table)} begin
      insert into ${name}(rowid, ${list}) values (new.id, ${values('new')});
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${search}_delete`)} after delete on ${sql.raw(table)} begin
      insert into ${name}(${name}, rowid, ${list}) values ('delete', old.id, ${values('old')});
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${search}_update`)} after update of ${list} on ${sql.raw(table)} begin
      insert into ${name}(${name}, rowid, ${list}) values ('delete', old.id, ${values('old')});
      insert into ${name}(rowid, ${list}) values (new.id, ${values('new')});
    end`.execute(db);
    await sql`insert into ${name}(${name}) values ('rebuild')`.execute(db);
  }
}

/** Latin letters with diacritics (U+00C0–U+017F) and the plain letter each folds to. */
function diacriticFolds(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code++) {
    const char = String.fromCharCode(code);
    const base = char.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
    if (/^[a-z]$/.test(base)) {
      from += char;
      to += base;
    }
  }
  return { from, to };
}

async function createPostgresSearch(db: Kysely<unknown>): Promise<void> {
  const folds = diacriticFolds();
  // translate() is slow on long texts: only text with a non-ASCII character (more bytes than characters) needs it.
  await sql`create function search_vector(body text) returns tsvector language sql immutable parallel safe as $$
    select to_tsvector('simple', regexp_replace(
      case when octet_length(body) = char_length(body) then body else translate(body, ${sql.lit(folds.from)}, ${sql.lit(folds.to)}) end,
      '[[:punct:]]+', ' ', 'g'))
  $$`.execute(db);
  for (const { search, table, columns } of SEARCHED) {
    const name = sql.raw(search);
    const text = (row: string) => sql.raw(columns.map((column) => `coalesce(${row}${column}, '')`).join(` || ' ' || `));
    await sql`create table ${name} (id integer primary key references ${sql.raw(table)}(id) on delete cascade, vector tsvector not null)`.execute(db);
    await sql`create index ${sql.raw(`${search}_vector_index`)} on ${name} using gin (vector)`.execute(db);
    await sql`create function ${sql.raw(`${search}_write`)}() returns trigger language plpgsql as $$
      begin
        insert into ${name} (id, vector) values (new.id, search_vector(${text('new.')}))
          on conflict (id) do update set vector = excluded.vector;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger ${sql.raw(`${search}_write`)} after insert or update of ${sql.raw(columns.join(', '))} on ${sql.raw(table)}
      for each row execute function ${sql.raw(`${search}_write`)}()`.execute(db);
    await sql`insert into ${name} (id, vector) select id, search_vector(${text('')}) from ${sql.raw(table)}`.execute(db);
  }
}
