import type { InboundDelivery } from '../../../protocol/api/channels';
import type { Attachment, AutoKind, Recipient } from '../../../protocol/documents';
import { isBlockedSender } from '../../blocking/blocked-contacts';
import { toContact } from '../../contacts/contact-model';
import { findContactByEmail } from '../../contacts/contact-writes';
import { updateConversation } from '../../conversations/conversation-changes';
import { conversationRecipients, lastUpdateText } from '../../conversations/conversation-model';
import { insertIncomingConversation } from '../../conversations/insert-incoming-conversation';
import type { ChannelRow } from '../channel-tables';
import type { ContactRow } from '../../contacts/contact-tables';
import type { ConversationRow } from '../../conversations/conversation-tables';
import { resolveCidReferences } from '../../content/cid-references';
import { fromSqlBoolean } from '../../db/sql-boolean';
import { insertMessage, updateMessage } from '../../messages/message-writes';
import { notifyCustomerMessage } from '../../notifications/notify-customer-message';
import type { Write } from '../../realtime/write-transaction';
import { apiPaths, API_BASE } from '../../../protocol/api/routes';
import type { Mailbox } from '../email-address';
import { findThread, isKnownMessageId, recordMessageId } from './email-threading';
import type { ParsedEmail } from './parsed-email';
import { wakeOnCustomerMessage } from '../../conversations/snooze-conversation';
import { conversationEvent } from '../../rules/rule-engine';
import { sendAutoReply } from '../../hours/auto-reply';

const MAX_RECIPIENTS = 50;

const dropped = (reason: string): InboundDelivery => ({ status: 'dropped', reason });

/**
 * Stores one inbound message for one organization, in its write transaction: the sender's
 * contact (matched by address, ignoring case, or created), the conversation it continues
 * (email-threading.ts) or a new one, the message with its sanitised HTML and attachments, and
 * its Message-ID. Mail from a blocked sender, from the organization's own address (a loop) and
 * a second copy of a Message-ID are dropped.
 * Machine-written mail (`autoKind`) is stored and marked; it never reopens a conversation, and
 * only a bounce marks it unread. A bounce of one of our messages marks that message FAILED.
 */
export async function storeInboundEmail(write: Write, email: ParsedEmail, channel: ChannelRow, autoKind: AutoKind | null): Promise<InboundDelivery> {
  const { trx, orgId } = write;
  if (email.messageId && (await isKnownMessageId(trx, orgId, email.messageId))) return dropped('Already received (same Message-ID).');
  if (await isBlockedSender(trx, orgId, email.from.address)) return dropped('The sender is on the blocked list.');
  const ownAddress = await trx.selectFrom('channels').select('id').where('org_id', '=', orgId).where('email', '=', email.from.address).executeTakeFirst();
  if (ownAddress) return dropped("Sent from one of the organization's own addresses (a loop).");
  const existing = await findContactByEmail(write, email.from.address);
  if (existing && fromSqlBoolean(existing.is_blocked)) return dropped('The sender is on the blocked list.');

  const sender = { address: email.from.address, contactId: existing?.id ?? null };
  const thread = await findThread(trx, orgId, { inReplyTo: email.inReplyTo, references: email.references, reported: autoKind === 'BOUNCE' ? email.reportedMessageIds : [] }, sender);
  // A bounce in a thread belongs to no contact: the mail server that wrote it is nobody to answer.
  const contact = autoKind === 'BOUNCE' && thread ? null : (existing ?? (await createContact(write, email.from)));

  const attachments = await insertAttachments(write, email);
  const { body } = email;
  const html = body.html === null ? null : resolveCidReferences(body.html, (index) => attachments[index]?.url ?? null);
  // NUL cannot be stored in PostgreSQL text (and means nothing in mail).
  const text = body.text.replaceAll('\u0000', '').trim();
  // The notice leads the message, where the agent reads first; the list shows the mail's own words.
  const summary = lastUpdateText(text || email.subject);

  let conversation: ConversationRow;
  let isNew = false;
  if (thread) {
    conversation = thread;
    await updateConversation(write, thread, {
      last_update: summary,
      last_update_ts: Math.max(Number(thread.last_update_ts), write.now),
      ...(autoKind === null || autoKind === 'BOUNCE' ? { is_unread: 1 } : {}),
      ...(autoKind === null ? { status: 'OPENED' as const, recipients: withSender(thread, contact), ...wakeOnCustomerMessage(thread) } : {}),
    });
  } else {
    if (!contact) throw new Error('A new conversation needs a contact');
    conversation = await insertIncomingConversation(write, {
      contactId: contact.id,
      channel: 'EMAIL',
      channelId: channel.id,
      subject: email.subject || '(no subject)',
      recipients: await recipientsOf(write, email, contact, channel),
      summary,
    });
    isNew = true;
  }

  const message = await insertMessage(write, {
    conversation_id: conversation.id,
    type: 'MESSAGE',
    message: body.notice ? `${body.notice}\n\n${text}`.trim() : text,
    timestamp_ts: write.now,
    attachments: JSON.stringify(attachments.map(({ name, size, type, url }): Attachment => ({ name, size, type, url }))),
    status: 'RECEIVED',
    source: 'EMAIL',
    delay: 0,
    deliver_at: null,
    agent_id: null,
    contact_id: contact?.id ?? null,
    target_id: null,
    is_removed: 0,
    html,
    auto_kind: autoKind,
    delivery_error: null,
  });
  const rowId = Number(message.id.slice(2));
  if (attachments.length > 0) {
    await trx.updateTable('attachments').set({ message_row_id: rowId }).where('org_id', '=', orgId).where('id', 'in', attachments.map((entry) => entry.id)).execute();
  }
  if (email.messageId) {
    await recordMessageId(trx, { orgId, messageId: email.messageId, conversationId: conversation.id, messageRowId: rowId, direction: 'IN', now: write.now });
  }
  if (autoKind === 'BOUNCE') await markBounced(write, email);
  // Machine-written mail (an auto-reply, a bounce) is nobody writing: it tells no one.
  if (autoKind === null && contact) {
    await notifyCustomerMessage(write, { conversation, isNew, contactName: contact.name || contact.email || email.from.address, text: text || email.subject, messageId: message.id });
    await conversationEvent(write, { trigger: isNew ? 'created_by_customer' : 'customer_replied', conversationId: conversation.id, text });
  }
  // Outside business hours, the email auto-reply (once per closed period); never to machine-written mail (RFC 3834).
  if (autoKind === null && contact) await sendAutoReply(write, conversation, 'EMAIL');
  return { status: 'stored', conversation_id: conversation.id, message_id: message.id, is_new_conversation: isNew };
}

async function createContact(write: Write, from: Mailbox): Promise<ContactRow> {
  let created: ContactRow | undefined;
  await write.change('contacts', 'insert', async (version) => {
    created = await write.trx
      .insertInto('contacts')
      .values({ org_id: write.orgId, name: from.name, email: from.address, avatar: null, is_trusted: 0, company: null, created_at: write.now, version })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toContact(created);
  });
  if (!created) throw new Error('The contact was not created');
  return created;
}

async function findOrCreateContact(write: Write, mailbox: Mailbox): Promise<ContactRow> {
  return (await findContactByEmail(write, mailbox.address)) ?? createContact(write, mailbox);
}

/** Everyone a reply goes to: the sender first, then the other To and Cc addresses that are not the organization's own. */
async function recipientsOf(write: Write, email: ParsedEmail, contact: ContactRow, channel: ChannelRow): Promise<Recipient[]> {
  const own = new Set(
    (await write.trx.selectFrom('channels').select('email').where('org_id', '=', write.orgId).execute()).map((row) => row.email),
  );
  own.add(channel.email);
  const recipients: Recipient[] = [{ id: 1, from: email.from.address, contact_id: contact.id }];
  for (const mailbox of [...email.to, ...email.cc]) {
    if (recipients.length >= MAX_RECIPIENTS) break;
    if (own.has(mailbox.address) || recipients.some((entry) => entry.from === mailbox.address)) continue;
    const other = await findOrCreateContact(write, mailbox);
    recipients.push({ id: recipients.length + 1, from: mailbox.address, contact_id: other.id });
  }
  return recipients;
}

/** The thread's recipients with the sender added when they wrote in without being one (e.g. a colleague of the contact). */
function withSender(thread: ConversationRow, contact: ContactRow | null): string {
  const recipients = conversationRecipients(thread);
  if (!contact?.email || contact.id === thread.contact_id) return thread.recipients;
  const address = contact.email.toLowerCase();
  if (recipients.some((entry) => entry.from.toLowerCase() === address) || recipients.length >= MAX_RECIPIENTS) return thread.recipients;
  const id = recipients.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  return JSON.stringify([...recipients, { id, from: address, contact_id: contact.id }]);
}

type StoredAttachment = Attachment & { id: number };

async function insertAttachments(write: Write, email: ParsedEmail): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = [];
  for (const attachment of email.attachments) {
    const row = await write.trx
      .insertInto('attachments')
      .values({
        org_id: write.orgId,
        message_row_id: null,
        sha256: attachment.file.sha256,
        name: attachment.name,
        content_type: attachment.contentType,
        size: attachment.file.size,
        created_at: write.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stored.push({
      id: row.id,
      name: attachment.name,
      size: attachment.file.size,
      type: attachment.contentType,
      url: `${API_BASE}${apiPaths.attachment(row.id)}`,
    });
  }
  return stored;
}

/** Our messages that a delivery report says bounced are FAILED, with the report's reason. */
async function markBounced(write: Write, email: ParsedEmail): Promise<void> {
  if (email.reportedMessageIds.length === 0) return;
  const ours = await write.trx
    .selectFrom('email_message_ids')
    .innerJoin('messages', 'messages.id', 'email_message_ids.message_row_id')
    .select(['messages.id', 'messages.status'])
    .where('email_message_ids.org_id', '=', write.orgId)
    .where('email_message_ids.direction', '=', 'OUT')
    .where('email_message_ids.message_id', 'in', email.reportedMessageIds)
    .execute();
  const reason = bounceReason(email.body.text);
  for (const row of ours) {
    if (row.status === 'SENT') await updateMessage(write, row.id, { status: 'FAILED', delivery_error: reason });
  }
}

function bounceReason(report: string): string {
  const diagnostic = /^\s*Diagnostic-Code:\s*(?:smtp;\s*)?(.+)$/im.exec(report)?.[1] ?? /^\s*Status:\s*(5\.\d+\.\d+.*)$/im.exec(report)?.[1];
  const detail = diagnostic?.trim().slice(0, 300);
  return detail ? `Returned by the recipient's mail server: ${detail}` : "Returned by the recipient's mail server.";
}
