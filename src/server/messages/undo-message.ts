import { API_ERRORS } from '../../protocol/api/api-errors';
import type { Message } from '../../protocol/documents';
import { updateConversation } from '../conversations/conversation-changes';
import { lastUpdateText } from '../conversations/conversation-model';
import type { ConversationRow } from '../conversations/conversation-tables';
import { HttpError } from '../http/http-error';
import { cancelJobs } from '../jobs/job-queries';
import type { Write } from '../realtime/write-transaction';
import { findOwnReplyForWrite } from './held-reply';
import { toMessage } from './message-model';
import { updateMessage } from './message-writes';

const alreadySent = () => new HttpError(409, { error: API_ERRORS.messageAlreadySent });

/**
 * Undo of a saved send (§4, §5) by its author: it wins whenever it arrives before the delivery
 * job was first claimed, whatever the time (the job waits for the device's release, see
 * release-message.ts). The job is cancelled in the same transaction, so the reply can never go
 * out afterwards; a job already claimed may have handed it to its channel, and the answer is
 * 409. Undoing an undone message answers it again. The conversation's preview and order go back
 * to its latest entry that still stands.
 */
export async function undoMessage(write: Write, conversationId: number, wireId: string, agentId: number): Promise<Message> {
  const { conversation, row } = await findOwnReplyForWrite(write, conversationId, wireId, agentId);
  if (row.status === 'CANCELLED') return toMessage(row);
  if (row.status !== 'PENDING') throw alreadySent();
  const cancelled = await cancelJobs(write.trx, { orgId: write.orgId, kind: 'deliver_message', ref: wireId, now: write.now });
  if (cancelled === 0) throw alreadySent();
  const message = await updateMessage(write, row.id, { status: 'CANCELLED', deliver_at: null });
  await restorePreview(write, conversation);
  return message;
}

/** `last_update` and its time from the newest message or note that is neither cancelled nor removed. */
async function restorePreview(write: Write, conversation: ConversationRow): Promise<void> {
  const latest = await write.trx
    .selectFrom('messages')
    .select(['message', 'timestamp_ts'])
    .where('org_id', '=', write.orgId)
    .where('conversation_id', '=', conversation.id)
    .where('is_removed', '=', 0)
    .where('status', '!=', 'CANCELLED')
    .orderBy('timestamp_ts', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return;
  await updateConversation(write, conversation, { last_update: lastUpdateText(latest.message), last_update_ts: Number(latest.timestamp_ts) });
}
