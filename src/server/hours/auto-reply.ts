import type { Message } from '../../protocol/documents';
import { closedPeriodStart } from '../../protocol/hours/schedule';
import type { ConversationRow } from '../conversations/conversation-tables';
import { scheduleJob } from '../jobs/job-queries';
import { insertMessage } from '../messages/message-writes';
import { readOrganizationHours } from '../organization/organization-model';
import type { Write } from '../realtime/write-transaction';

export type AutoReplyChannel = 'EMAIL' | 'CHAT';

/**
 * The auto-reply of business hours (issue 37), in the write transaction of a customer's message:
 * when the organization has hours, the channel's auto-reply is on and the team is closed at the
 * message's time, the text is added to the conversation as a message of no agent (shown to
 * agents with an "Auto-reply" badge) — at most once per conversation per closed period
 * (auto_replies, keyed by closedPeriodStart), so a customer writing three times over a weekend
 * hears it once, and again after the next closing.
 *
 * The caller decides that the message deserves an answer at all: never machine-written mail
 * (RFC 3834: Auto-Submitted, Precedence bulk/junk/list, list headers, the null return path;
 * inbound-email.ts classifyAutomatic), never a blocked sender. Email goes out through the held
 * reply's path, the `deliver_message` job, with no delay; being automatic (no agent), it carries
 * `Auto-Submitted: auto-replied` (email-delivery.ts isAutomatic). Chat is SENT at once and reaches
 * the visitor's widget like an agent's reply.
 */
export async function sendAutoReply(write: Write, conversation: Pick<ConversationRow, 'id'>, channel: AutoReplyChannel): Promise<Message | null> {
  const organization = await write.trx.selectFrom('organizations').select('hours').where('id', '=', write.orgId).executeTakeFirst();
  const hours = readOrganizationHours(organization?.hours ?? null);
  const setting = hours?.auto_reply[channel === 'EMAIL' ? 'email' : 'chat'];
  if (!hours || !setting?.enabled || setting.text.trim() === '') return null;
  const period = closedPeriodStart(hours, new Date(write.now));
  if (period === null) return null;
  const claimed = await write.trx
    .insertInto('auto_replies')
    .values({ org_id: write.orgId, conversation_id: conversation.id, period_start: period.getTime(), channel, message_id: '', created_at: write.now })
    .onConflict((conflict) => conflict.columns(['org_id', 'conversation_id', 'period_start']).doNothing())
    .returning('conversation_id')
    .executeTakeFirst();
  if (!claimed) return null;
  const isEmail = channel === 'EMAIL';
  const message = await insertMessage(write, {
    conversation_id: conversation.id,
    type: 'MESSAGE',
    message: setting.text.trim(),
    timestamp_ts: write.now,
    attachments: '[]',
    status: isEmail ? 'PENDING' : 'SENT',
    source: channel,
    delay: 0,
    deliver_at: isEmail ? write.now : null,
    agent_id: null,
    contact_id: null,
    target_id: null,
    is_removed: 0,
    auto_kind: 'AUTO_REPLY',
  });
  await write.trx
    .updateTable('auto_replies')
    .set({ message_id: message.id })
    .where('org_id', '=', write.orgId)
    .where('conversation_id', '=', conversation.id)
    .where('period_start', '=', period.getTime())
    .execute();
  if (isEmail) await scheduleJob(write.trx, { orgId: write.orgId, kind: 'deliver_message', ref: message.id, runAt: write.now, now: write.now });
  return message;
}

