import { MAX_RECIPIENTS } from '../../protocol/api/conversation-actions';
import type { Conversation, Recipient } from '../../protocol/documents';
import { findOrCreateContactByEmail } from '../contacts/contact-writes';
import type { ConversationRow } from './conversation-tables';
import { fieldError } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { updateConversation } from './conversation-changes';
import { conversationRecipients } from './conversation-model';

/**
 * Adds a recipient (§3 `recipients`, §7): the organization's contact with that address, created
 * if there is none. Recipients are everyone replies go to: the conversation's contact (listed
 * first for email) and the CC'd addresses. An address already listed changes nothing. `email`
 * is already validated and lowercase.
 */
export async function addRecipient(write: Write, row: ConversationRow, email: string): Promise<Conversation> {
  const recipients = conversationRecipients(row);
  if (recipients.some((recipient) => recipient.from.toLowerCase() === email)) return updateConversation(write, row, {});
  if (recipients.length >= MAX_RECIPIENTS) throw fieldError('email', `cannot be added: a conversation has at most ${MAX_RECIPIENTS} recipients`);
  const contact = await findOrCreateContactByEmail(write, email);
  const id = recipients.reduce((max, recipient) => Math.max(max, recipient.id), 0) + 1;
  const next: Recipient[] = [...recipients, { id, from: email, contact_id: contact.id }];
  return updateConversation(write, row, { recipients: JSON.stringify(next) });
}

/**
 * Removes a recipient by address; an address that is not listed changes nothing. The
 * conversation's own contact stays: without it a reply would go to nobody.
 */
export function removeRecipient(write: Write, row: ConversationRow, email: string): Promise<Conversation> {
  const recipients = conversationRecipients(row);
  const removed = recipients.filter((recipient) => recipient.from.toLowerCase() === email);
  if (removed.length === 0) return updateConversation(write, row, {});
  if (removed.some((recipient) => recipient.contact_id === row.contact_id)) throw fieldError('email', "is the conversation's contact: it cannot be removed");
  const next = recipients.filter((recipient) => recipient.from.toLowerCase() !== email);
  return updateConversation(write, row, { recipients: JSON.stringify(next) });
}
