import { CHAT_DEFAULTS, type ChatSettings, type ChatSettingsBody } from '../../protocol/api/chat-settings';
import type { ChatSettingsRow } from './chat-tables';
import type { Db } from '../db/database';
import { fromSqlBoolean, toSqlBoolean } from '../db/sql-boolean';

/** An organization's chat settings; the defaults (widget off) until they are first saved. */
export async function readChatSettings(db: Db, orgId: number): Promise<ChatSettings> {
  const row = await db.selectFrom('chat_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  return row ? toChatSettings(row) : { ...CHAT_DEFAULTS, updated_at: null };
}

/** Replaces the organization's chat settings (insert or update, one statement on both databases). */
export async function saveChatSettings(db: Db, orgId: number, body: ChatSettingsBody, now: number): Promise<ChatSettings> {
  const values = { enabled: toSqlBoolean(body.enabled), color: body.color, greeting: body.greeting, updated_at: now };
  const row = await db
    .insertInto('chat_settings')
    .values({ org_id: orgId, ...values })
    .onConflict((conflict) => conflict.column('org_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toChatSettings(row);
}

function toChatSettings(row: ChatSettingsRow): ChatSettings {
  return { enabled: fromSqlBoolean(row.enabled), color: row.color, greeting: row.greeting, updated_at: Number(row.updated_at) };
}
