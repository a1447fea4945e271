import { replyBlocker, replySender, type ReplyBlocker, type SendingAddress } from '../../../protocol/reply-delivery';
import { conversationRecipients } from '../../conversations/conversation-model';
import type { ChannelRow } from '../channel-tables';
import type { ConversationRow } from '../../conversations/conversation-tables';
import type { Db } from '../../db/database';
import type { EmailDomainRow } from '../domains/domain-tables';

/** Where an email conversation's reply goes from and to, or what keeps it from leaving. */
export type ReplyRoute = { blocker: ReplyBlocker } | { blocker: null; channel: ChannelRow; domain: EmailDomainRow; recipients: string[] };

/**
 * The reply's route by the rules of src/protocol/reply-delivery.ts: from the conversation's own
 * support address (else the organization's first) on a domain the organization has proven, to the
 * customer and the conversation's other recipients. `recipients` are the stored values as they
 * are (delivery still checks each is one plain address).
 */
export async function findReplyRoute(db: Db, conversation: ConversationRow): Promise<ReplyRoute> {
  const channels = await db.selectFrom('channels').selectAll().where('org_id', '=', conversation.org_id).execute();
  const domains = await db.selectFrom('email_domains').selectAll().where('org_id', '=', conversation.org_id).execute();
  const recipients = await rawRecipients(db, conversation);
  const addresses: SendingAddress[] = channels.map((channel) => ({
    id: channel.id,
    email: channel.email,
    domain: channel.domain,
    verified: domains.some((domain) => domain.domain === channel.domain && domain.verification === 'VERIFIED'),
  }));
  const blocker = replyBlocker({ channel: conversation.channel, channelId: conversation.channel_id, addresses, recipients });
  if (blocker) return { blocker };
  const sender = replySender(conversation.channel_id, addresses);
  const channel = channels.find((row) => row.id === sender?.id);
  const domain = domains.find((row) => row.domain === channel?.domain);
  if (!channel || !domain) throw new Error('A verified sending address has no channel or domain row');
  return { blocker: null, channel, domain, recipients };
}

/** The contact's address, then the other recipients' (empty values left out). */
async function rawRecipients(db: Db, conversation: ConversationRow): Promise<string[]> {
  const contact = await db.selectFrom('contacts').select('email').where('org_id', '=', conversation.org_id).where('id', '=', conversation.contact_id).executeTakeFirst();
  return [contact?.email ?? '', ...conversationRecipients(conversation).map((recipient) => recipient.from)].filter((value) => value.trim() !== '');
}
