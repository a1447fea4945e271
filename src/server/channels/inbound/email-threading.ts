import type { Kysely } from 'kysely';
import { conversationRecipients } from '../../conversations/conversation-model';
import type { ConversationRow } from '../../conversations/conversation-tables';
import type { Database } from '../../db/database';

/** Who sent an inbound message, to decide whether it may join a thread it names. */
export type Sender = { address: string; contactId: number | null };

/**
 * The conversation an inbound message continues, or null when it starts a new one. Only
 * Message-IDs count (In-Reply-To first, then References from the newest, then the ids a bounce
 * reports), never the subject. Our own outbound ids are random and unguessable, so naming one
 * is enough; a customer's id may be known to others, so it only threads mail from someone
 * already in that conversation (its contact or a recipient).
 */
export async function findThread(
  trx: Kysely<Database>,
  orgId: number,
  ids: { inReplyTo: string[]; references: string[]; reported: string[] },
  sender: Sender,
): Promise<ConversationRow | null> {
  const candidates = [...new Set([...ids.inReplyTo, ...[...ids.references].reverse(), ...ids.reported])].slice(0, 100);
  if (candidates.length === 0) return null;
  const known = await trx
    .selectFrom('email_message_ids')
    .select(['message_id', 'conversation_id', 'direction'])
    .where('org_id', '=', orgId)
    .where('message_id', 'in', candidates)
    .execute();
  if (known.length === 0) return null;
  const conversations = await trx
    .selectFrom('conversations')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', 'in', [...new Set(known.map((row) => row.conversation_id))])
    .execute();
  for (const candidate of candidates) {
    for (const row of known.filter((entry) => entry.message_id === candidate)) {
      const conversation = conversations.find((entry) => entry.id === row.conversation_id);
      if (conversation && (row.direction === 'OUT' || isParticipant(conversation, sender))) return conversation;
    }
  }
  return null;
}

function isParticipant(conversation: ConversationRow, sender: Sender): boolean {
  if (sender.contactId !== null && conversation.contact_id === sender.contactId) return true;
  return conversationRecipients(conversation).some((recipient) => recipient.from.toLowerCase() === sender.address);
}

/** Whether the organization already has this Message-ID (a second copy of a message is dropped). */
export async function isKnownMessageId(trx: Kysely<Database>, orgId: number, messageId: string): Promise<boolean> {
  const row = await trx.selectFrom('email_message_ids').select('id').where('org_id', '=', orgId).where('message_id', '=', messageId).executeTakeFirst();
  return row !== undefined;
}

/** Remembers a message's Message-ID for threading. */
export async function recordMessageId(
  trx: Kysely<Database>,
  entry: { orgId: number; messageId: string; conversationId: number; messageRowId: number; direction: 'IN' | 'OUT'; now: number },
): Promise<void> {
  await trx
    .insertInto('email_message_ids')
    .values({
      org_id: entry.orgId,
      message_id: entry.messageId,
      conversation_id: entry.conversationId,
      message_row_id: entry.messageRowId,
      direction: entry.direction,
      created_at: entry.now,
    })
    .execute();
}
