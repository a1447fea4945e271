import type { Contact, Message } from '../../protocol/documents';
import { toContact } from '../contacts/contact-model';
import { findConversationForWrite } from '../conversations/conversation-changes';
import type { ContactRow } from '../contacts/contact-tables';
import { writeJsonColumn } from '../db/json-column';
import { notFound } from '../http/http-error';
import { addNote } from '../messages/notes';
import type { Write } from '../realtime/write-transaction';
import type { BillingState } from './stripe-financials';

/** The contact's cached billing view, with its feed row (every tab shows it, offline too). */
export function writeBillingState(write: Write, contactId: number, state: BillingState): Promise<Contact> {
  return write.change('contacts', 'update', async (version) => {
    const row = await write.trx
      .updateTable('contacts')
      .set({
        financials: writeJsonColumn(state.financials),
        subscription_status: state.subscription_status,
        subscription_start: state.subscription_start,
        version,
      })
      .where('org_id', '=', write.orgId)
      .where('id', '=', contactId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toContact(row);
  });
}

/** Drops the contact's link to this payment email of this source (confirming one again replaces it). */
export async function deletePaymentLink(write: Write, contactId: number, source: string, email: string): Promise<void> {
  await write.trx
    .deleteFrom('contact_payment_links')
    .where('org_id', '=', write.orgId)
    .where('contact_id', '=', contactId)
    .where('source', '=', source)
    .where('email', '=', email)
    .execute();
}

/**
 * The internal note a billing action leaves (who, what, amount, reason) on the conversation it
 * was taken from; that conversation must be the contact's (else 404, like a missing one).
 */
export async function billingNote(write: Write, contact: ContactRow, conversationId: number | null | undefined, agentId: number, text: string): Promise<Message | null> {
  if (conversationId === null || conversationId === undefined) return null;
  const conversation = await findConversationForWrite(write, conversationId);
  if (conversation.contact_id !== contact.id) throw notFound();
  const author = await write.trx.selectFrom('agents').selectAll().where('org_id', '=', write.orgId).where('id', '=', agentId).executeTakeFirstOrThrow();
  return addNote(write, conversation, author, { message: text, attachments: [] });
}
