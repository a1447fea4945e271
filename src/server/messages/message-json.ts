import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { isMalformedJson } from '../db/malformed-json';
import type { DialectName } from '../db/open-database';
import { toMessage } from './message-model';
import { threadMessagesQuery } from './message-queries';

/**
 * A bootstrap sends every message of the organization once (about 100,000 at 10,000
 * conversations). Read as row objects, converted by toMessage and written by JSON.stringify,
 * they cost the server about 1.3 s of CPU per bootstrap on this machine, on the same cores as
 * the browsers it serves; the database writes the same JSON in about a quarter of that.
 *
 * The fields below are what toMessage returns, field for field
 * (tests/server/message-json.test.ts compares them on both dialects). A field added to
 * toMessage is added here too.
 */
type DialectSql = {
  /** The JSON value of a text column holding JSON (null stays null). */
  json: (column: string) => RawBuilder<unknown>;
  /** `timestamp`: ISO 8601 in UTC with milliseconds, from integer seconds and milliseconds. */
  timestamp: RawBuilder<string>;
  /** The object of these key and value pairs, with `mentions` only when there are some. */
  object: (pairs: RawBuilder<unknown>) => RawBuilder<string>;
};

const SQLITE: DialectSql = {
  json: (column) => sql`json(${sql.ref(column)})`,
  timestamp: sql`strftime('%Y-%m-%dT%H:%M:%S', timestamp_ts / 1000, 'unixepoch') || '.' || printf('%03d', timestamp_ts % 1000) || 'Z'`,
  object: (pairs) => sql`CASE WHEN mentions IS NOT NULL AND json_array_length(mentions) > 0
    THEN json_set(json_object(${pairs}), '$.mentions', json(mentions)) ELSE json_object(${pairs}) END`,
};

const POSTGRES: DialectSql = {
  json: (column) => sql`${sql.ref(column)}::jsonb`,
  timestamp: sql`to_char(to_timestamp(timestamp_ts / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '.' || lpad((timestamp_ts % 1000)::text, 3, '0') || 'Z'`,
  object: (pairs) => sql`(jsonb_build_object(${pairs})
    || CASE WHEN mentions IS NOT NULL AND jsonb_typeof(mentions::jsonb) = 'array' AND mentions::jsonb <> '[]'::jsonb
      THEN jsonb_build_object('mentions', mentions::jsonb) ELSE '{}'::jsonb END)::text`,
};

/** Columns written as they are stored. */
const PLAIN_COLUMNS = ['conversation_id', 'type', 'message', 'timestamp_ts', 'status', 'source', 'delay', 'deliver_at', 'agent_id', 'contact_id', 'target_id', 'html', 'auto_kind', 'delivery_error', 'version'] as const;

function messageJson(dialect: DialectSql): RawBuilder<string> {
  const fields: [string, RawBuilder<unknown>][] = [
    ['id', sql`(CASE WHEN type = 'NOTE' THEN 'n-' ELSE 'm-' END) || id`],
    ['timestamp', dialect.timestamp],
    ['attachments', dialect.json('attachments')],
    ['cc', dialect.json('cc')],
    ['bcc', dialect.json('bcc')],
    ...PLAIN_COLUMNS.map((name): [string, RawBuilder<unknown>] => [name, sql.ref(name)]),
  ];
  return dialect.object(sql.join(fields.map(([key, value]) => sql`${sql.lit(key)}, ${value}`)));
}

const MESSAGE_JSON: Record<DialectName, RawBuilder<string>> = { sqlite: messageJson(SQLITE), postgres: messageJson(POSTGRES) };

/**
 * The messages of these conversations (threadMessagesQuery: in thread order, not removed), each
 * as the JSON text of its document. Should a stored JSON column not parse (nothing the server
 * writes), the database refuses the query and the page is read as rows through toMessage, which
 * reads such a column as empty.
 */
export async function threadMessagesJson(db: Db, dialect: DialectName, orgId: number, conversationIds: readonly number[]): Promise<string[]> {
  try {
    const rows = await threadMessagesQuery(db, orgId, conversationIds).clearSelect().select(MESSAGE_JSON[dialect].as('json')).execute();
    return rows.map((row) => row.json);
  } catch (error) {
    // Any other failure is the query's own (or the connection's): it is not hidden by the row path.
    if (!isMalformedJson(error)) throw error;
    const rows = await threadMessagesQuery(db, orgId, conversationIds).execute();
    return rows.map((row) => JSON.stringify(toMessage(row)));
  }
}
