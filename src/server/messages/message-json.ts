import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { DialectName } from '../db/open-database';
import { toMessage } from './message-model';
import { threadMessagesQuery } from './message-queries';

/**
 * A bootstrap sends every message of the organization once (about 100,000 at 10,000
 * conversations). Read as row objects, converted by toMessage and written by JSON.stringify,
 * they cost the server about 1.3 s of CPU per bootstrap on this machine, on the same cores as
 * the browsers it serves; the database writes the same JSON in about a quarter of that.
 *
 * Each expression below writes what toMessage returns, field for field
 * (tests/server/message-json.test.ts compares them on both dialects). A field added to
 * toMessage is added here too.
 */
function sqliteMessageJson(): RawBuilder<string> {
  const fields = sql`json_object(
    'id', (CASE WHEN type = 'NOTE' THEN 'n-' ELSE 'm-' END) || id,
    'conversation_id', conversation_id,
    'type', type,
    'message', message,
    'timestamp', strftime('%Y-%m-%dT%H:%M:%S', timestamp_ts / 1000, 'unixepoch') || '.' || printf('%03d', timestamp_ts % 1000) || 'Z',
    'timestamp_ts', timestamp_ts,
    'attachments', json(attachments),
    'status', status,
    'source', source,
    'delay', delay,
    'deliver_at', deliver_at,
    'agent_id', agent_id,
    'contact_id', contact_id,
    'target_id', target_id,
    'html', html,
    'auto_kind', auto_kind,
    'delivery_error', delivery_error,
    'cc', json(cc),
    'bcc', json(bcc),
    'version', version
  )`;
  // toMessage names mentions only when there are some.
  return sql<string>`CASE WHEN mentions IS NOT NULL AND json_array_length(mentions) > 0
    THEN json_set(${fields}, '$.mentions', json(mentions)) ELSE ${fields} END`;
}

function postgresMessageJson(): RawBuilder<string> {
  return sql<string>`(jsonb_build_object(
    'id', (CASE WHEN type = 'NOTE' THEN 'n-' ELSE 'm-' END) || id,
    'conversation_id', conversation_id,
    'type', type,
    'message', message,
    'timestamp', to_char(to_timestamp(timestamp_ts / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '.' || lpad((timestamp_ts % 1000)::text, 3, '0') || 'Z',
    'timestamp_ts', timestamp_ts,
    'attachments', attachments::jsonb,
    'status', status,
    'source', source,
    'delay', delay,
    'deliver_at', deliver_at,
    'agent_id', agent_id,
    'contact_id', contact_id,
    'target_id', target_id,
    'html', html,
    'auto_kind', auto_kind,
    'delivery_error', delivery_error,
    'cc', cc::jsonb,
    'bcc', bcc::jsonb,
    'version', version
  ) || CASE WHEN mentions IS NOT NULL AND jsonb_typeof(mentions::jsonb) = 'array' AND jsonb_array_length(mentions::jsonb) > 0
    THEN jsonb_build_object('mentions', mentions::jsonb) ELSE '{}'::jsonb END)::text`;
}

/**
 * The messages of these conversations (threadMessagesQuery: in thread order, not removed), each
 * as the JSON text of its document. Should a stored JSON column not parse (nothing the server
 * writes), the database refuses the query and the page is read as rows through toMessage, which
 * reads such a column as empty.
 */
export async function threadMessagesJson(db: Db, dialect: DialectName, orgId: number, conversationIds: readonly number[]): Promise<string[]> {
  const json = dialect === 'postgres' ? postgresMessageJson() : sqliteMessageJson();
  try {
    const rows = await threadMessagesQuery(db, orgId, conversationIds).clearSelect().select(json.as('json')).execute();
    return rows.map((row) => row.json);
  } catch {
    const rows = await threadMessagesQuery(db, orgId, conversationIds).execute();
    return rows.map((row) => JSON.stringify(toMessage(row)));
  }
}
