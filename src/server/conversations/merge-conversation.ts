import type { MergeResponse } from '../../protocol/api/conversation-actions';
import type { ConversationRow } from './conversation-tables';
import { fieldError } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { moveMessages } from './move-messages';
import { findConversationRow } from './conversation-queries';
import { updateConversation } from './conversation-changes';
import { lastUpdateText } from './conversation-model';

export const MERGE_ERRORS = {
  itself: 'is this conversation: pick another one',
  missing: 'is not a conversation of this organization',
  otherContact: 'is a conversation of another contact: only conversations of the same contact can be merged',
} as const;

/**
 * `POST conversations/{id}/merge` `{into}`: every entry of this conversation (messages and notes,
 * removed ones too) moves into `into`, where the thread orders them by time with its own; its
 * email threading ids go along, so the customer's next reply lands there. The merged conversation
 * is then gone: clients are told to delete it, listings and searches leave it out, and its id
 * answers 404 with `merged_into` (the app opens that one). Both must be the same contact's.
 */
export async function mergeConversation(write: Write, row: ConversationRow, intoId: number): Promise<MergeResponse> {
  if (intoId === row.id) throw fieldError('into', MERGE_ERRORS.itself);
  const target = await findConversationRow(write.trx, write.orgId, intoId);
  if (!target) throw fieldError('into', MERGE_ERRORS.missing);
  if (target.contact_id !== row.contact_id) throw fieldError('into', MERGE_ERRORS.otherContact);

  const moving = await write.trx
    .selectFrom('messages')
    .selectAll()
    .where('org_id', '=', write.orgId)
    .where('conversation_id', '=', row.id)
    // Thread order: one range of messages_tenant_thread_index (by id, SQLite walked the organization's messages).
    .orderBy('timestamp_ts')
    .orderBy('id')
    .execute();
  const messages = await moveMessages(write, moving, target.id);
  await write.trx.updateTable('email_message_ids').set({ conversation_id: target.id }).where('org_id', '=', write.orgId).where('conversation_id', '=', row.id).execute();

  await write.remove('conversations', String(row.id), async (version) => {
    await write.trx
      .updateTable('conversations')
      .set({ merged_into: target.id, status: 'CLOSED', is_unread: 0, snoozed_until: null, version })
      .where('org_id', '=', write.orgId)
      .where('id', '=', row.id)
      .execute();
  });
  // Conversations merged into this one earlier now point where it went.
  await write.trx.updateTable('conversations').set({ merged_into: target.id }).where('org_id', '=', write.orgId).where('merged_into', '=', row.id).execute();

  const latest = await write.trx
    .selectFrom('messages')
    .selectAll()
    .where('org_id', '=', write.orgId)
    .where('conversation_id', '=', target.id)
    .where('is_removed', '=', 0)
    .where('status', '!=', 'CANCELLED')
    .orderBy('timestamp_ts', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const conversation = await updateConversation(
    write,
    target,
    latest ? { last_update: lastUpdateText(latest.message), last_update_ts: Math.max(Number(target.last_update_ts), Number(latest.timestamp_ts)), is_unread: Math.max(target.is_unread, row.is_unread) } : {},
  );
  return { conversation, merged: row.id, messages };
}
