import type { Channel, Recipient } from '../../protocol/documents';
import type { ConversationRow } from './conversation-tables';
import type { Write } from '../realtime/write-transaction';
import { toConversation } from './conversation-model';

export type IncomingConversation = {
  contactId: number;
  channel: Channel;
  /** The support address it came to; null for chat. */
  channelId: number | null;
  subject: string;
  recipients: Recipient[];
  /** The list's preview of the first message. */
  summary: string;
  /** An agent who starts the conversation has it, read; one a contact opens is nobody's, unread. */
  startedBy?: number;
};

/**
 * A conversation a contact opens by writing in (an email or a chat): unassigned, OPENED and
 * unread, with its feed row, in the caller's write. One an agent starts (`startedBy`) is
 * OPENED, assigned to that agent and read.
 */
export async function insertIncomingConversation(write: Write, input: IncomingConversation): Promise<ConversationRow> {
  let created: ConversationRow | undefined;
  await write.change('conversations', 'insert', async (version) => {
    created = await write.trx
      .insertInto('conversations')
      .values({
        org_id: write.orgId,
        agent_id: input.startedBy ?? null,
        contact_id: input.contactId,
        channel: input.channel,
        channel_id: input.channelId,
        subject: input.subject,
        status: 'OPENED',
        tags: '[]',
        recipients: JSON.stringify(input.recipients),
        last_update: input.summary,
        last_update_ts: write.now,
        is_unread: input.startedBy === undefined ? 1 : 0,
        priority: 0,
        created_at: write.now,
        version,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toConversation(created);
  });
  if (!created) throw new Error('The conversation was not created');
  return created;
}
