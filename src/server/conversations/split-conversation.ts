import type { SplitResponse } from '../../protocol/api/conversation-actions';
import { splitMessageRowId } from '../../protocol/api/conversation-actions';
import type { ConversationRow } from './conversation-tables';
import type { MessageRow } from '../messages/message-tables';
import { fieldError } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { moveMessages } from './move-messages';
import { updateConversation } from './conversation-changes';
import { lastUpdateText, toConversation } from './conversation-model';

export const SPLIT_ERRORS = {
  notAMessageId: 'is not a message id',
  note: 'is a note: only a message can start a conversation',
  elsewhere: 'is not a message of this conversation',
  first: 'is the first message: there is nothing before it to keep',
} as const;

/** The message to split from: a MESSAGE of this conversation, after at least one other entry. */
async function splitPoint(write: Write, row: ConversationRow, messageId: string | number): Promise<MessageRow> {
  const rowId = splitMessageRowId(messageId);
  if (rowId === 'note') throw fieldError('message_id', SPLIT_ERRORS.note);
  if (rowId === null) throw fieldError('message_id', SPLIT_ERRORS.notAMessageId);
  const message = await write.trx.selectFrom('messages').selectAll().where('org_id', '=', write.orgId).where('id', '=', rowId).executeTakeFirst();
  if (!message || message.conversation_id !== row.id) throw fieldError('message_id', SPLIT_ERRORS.elsewhere);
  if (message.type === 'NOTE') throw fieldError('message_id', SPLIT_ERRORS.note);
  return message;
}

/** Entries of the conversation in thread order (timestamp, then id), before or from the split point. */
function entries(write: Write, row: ConversationRow, at: MessageRow, side: 'before' | 'from') {
  const query = write.trx
    .selectFrom('messages')
    .selectAll()
    .where('org_id', '=', write.orgId)
    .where('conversation_id', '=', row.id)
    .where((eb) => eb(eb.refTuple('timestamp_ts', 'id'), side === 'before' ? '<' : '>=', eb.tuple(Number(at.timestamp_ts), at.id)));
  return side === 'before'
    ? query.where('is_removed', '=', 0).orderBy('timestamp_ts', 'desc').orderBy('id', 'desc').limit(1).execute()
    : query.orderBy('timestamp_ts').orderBy('id').execute();
}

/**
 * `POST conversations/{id}/split` (§7): the message and every later entry (messages and notes)
 * move to a new conversation with the same contact, subject, channel, assignee and recipients,
 * OPENED. Feed rows: the new conversation, each moved message, the source's new last update.
 */
export async function splitConversation(write: Write, row: ConversationRow, messageId: string | number): Promise<SplitResponse> {
  const at = await splitPoint(write, row, messageId);
  const [kept] = await entries(write, row, at, 'before');
  if (!kept) throw fieldError('message_id', SPLIT_ERRORS.first);
  const moving = await entries(write, row, at, 'from');
  const latest = moving.filter((entry) => entry.is_removed === 0).at(-1) ?? at;

  const conversation = await write.change('conversations', 'insert', async (version) =>
    toConversation(
      await write.trx
        .insertInto('conversations')
        .values({
          org_id: write.orgId,
          agent_id: row.agent_id,
          contact_id: row.contact_id,
          channel: row.channel,
          channel_id: row.channel_id,
          subject: row.subject,
          status: 'OPENED',
          tags: '[]',
          recipients: row.recipients,
          last_update: lastUpdateText(latest.message),
          last_update_ts: Number(latest.timestamp_ts),
          is_unread: 0,
          priority: row.priority,
          created_at: write.now,
          version,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    ),
  );

  const messages = await moveMessages(write, moving, conversation.id);

  const source = await updateConversation(write, row, { last_update: lastUpdateText(kept.message), last_update_ts: Number(kept.timestamp_ts) });
  return { conversation, source, messages };
}
