import type { ReplyBody, ReplyResponse } from '../../protocol/api/conversation-requests';
import { CHAT_MESSAGE_DELAY_S, PENDING_MESSAGE_DELAY_S } from '../../protocol/constants';
import type { MessageSource } from '../../protocol/documents';
import { replyAttachments } from '../channels/reply-attachments';
import { updateConversation } from '../conversations/conversation-changes';
import { lastUpdateText } from '../conversations/conversation-model';
import type { ConversationRow } from '../db/database';
import { scheduleJob } from '../jobs/job-queries';
import type { Write } from '../realtime/write-transaction';
import { insertMessage } from './message-writes';

const DAY_MS = 24 * 3600_000;

/**
 * When a held message goes out: its delay counts from when the agent pressed send, offline time
 * included, but a send time in the future or more than a day old is not believed.
 */
export function deliveryTime(now: number, sentAt: number | undefined, delaySeconds: number): { pressedAt: number; deliverAt: number } {
  const pressedAt = Math.min(Math.max(sentAt ?? now, now - DAY_MS), now);
  return { pressedAt, deliverAt: pressedAt + delaySeconds * 1000 };
}

/**
 * A reply (§4). Chat goes out at once (SENT); anything else is saved PENDING for
 * PENDING_MESSAGE_DELAY_S with a delivery job in the same transaction, and can be undone until
 * then. Resolves with the answer and when delivery is due (null when already sent).
 */
export async function saveReply(
  write: Write,
  conversation: ConversationRow,
  agentId: number,
  body: ReplyBody,
): Promise<{ answer: ReplyResponse; deliverAt: number | null }> {
  const source: MessageSource = body.source ?? (conversation.channel === 'CHAT' ? 'CHAT' : 'EMAIL');
  const delay = source === 'CHAT' ? CHAT_MESSAGE_DELAY_S : PENDING_MESSAGE_DELAY_S;
  const { pressedAt, deliverAt } = deliveryTime(write.now, body.sent_at, delay);
  const held = delay > 0;
  const files = await replyAttachments(write, body.attachments ?? []);
  const message = await insertMessage(write, {
    conversation_id: conversation.id,
    type: 'MESSAGE',
    message: body.message,
    timestamp_ts: pressedAt,
    attachments: JSON.stringify(files.documents),
    status: held ? 'PENDING' : 'SENT',
    source,
    delay,
    deliver_at: held ? deliverAt : null,
    agent_id: agentId,
    contact_id: null,
    target_id: body.target_id ?? null,
    is_removed: 0,
  });
  await files.attach(Number(message.id.slice(2)));
  if (held) await scheduleJob(write.trx, { orgId: write.orgId, kind: 'deliver_message', ref: message.id, runAt: deliverAt, now: write.now });
  await updateConversation(write, conversation, {
    last_update: lastUpdateText(body.message),
    last_update_ts: Math.max(Number(conversation.last_update_ts), pressedAt),
  });
  return { answer: { message, generated_id: message.id }, deliverAt: held ? deliverAt : null };
}
