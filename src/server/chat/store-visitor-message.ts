import { retractDeflections } from '../knowledge/widget-knowledge-routes';
import { randomInt } from 'node:crypto';
import type { VisitorIdentify } from '../../protocol/api/chat-settings';
import type { Contact, Message } from '../../protocol/documents';
import type { VisitorProfile } from '../../protocol/widget';
import { isBlockedSender } from '../blocking/blocked-contacts';
import { toContact } from '../contacts/contact-model';
import { updateConversation } from '../conversations/conversation-changes';
import { lastUpdateText } from '../conversations/conversation-model';
import { insertIncomingConversation } from '../conversations/insert-incoming-conversation';
import type { ChatVisitorRow } from './chat-tables';
import type { ContactRow } from '../contacts/contact-tables';
import type { ConversationRow } from '../conversations/conversation-tables';
import { fromSqlBoolean } from '../db/sql-boolean';
import { toMessage } from '../messages/message-model';
import { insertMessage } from '../messages/message-writes';
import { conversationEvent } from '../rules/rule-engine';
import { notifyCustomerMessage } from '../notifications/notify-customer-message';
import type { Write } from '../realtime/write-transaction';
import { findVisitor, visitorConversation } from './visitor-queries';
import { wakeOnCustomerMessage } from '../conversations/snooze-conversation';
import { sendAutoReply } from '../hours/auto-reply';

const SUBJECT_MAX_CHARS = 100;

export type StoredVisitorMessage =
  | { status: 'stored'; message: Message; visitor: ChatVisitorRow; contactId: number; conversationId: number; autoReply?: Message | null }
  | { status: 'blocked' };

/**
 * A visitor's chat message, in the organization's write transaction: the visitor (by token hash)
 * and their contact are made at the first message, the message continues the contact's latest
 * chat conversation (reopened and marked unread) or starts one, and it is stored RECEIVED. A
 * message whose client id is already stored in the conversation (a retry after a reconnect) is
 * answered with the stored one. A blocked contact, or a visitor who gave a blocked address,
 * writes nothing.
 */
export async function storeVisitorMessage(write: Write, input: { tokenHash: string; clientId: string; text: string }): Promise<StoredVisitorMessage> {
  const visitor = await findOrCreateVisitor(write, input.tokenHash);
  // Articles read in the widget before this message did not spare the chat.
  await retractDeflections(write.trx, write.orgId, input.tokenHash, write.now);
  if (visitor.email && (await isBlockedSender(write.trx, write.orgId, visitor.email))) return { status: 'blocked' };
  const contact = await contactOf(write, visitor);
  if (fromSqlBoolean(contact.is_blocked)) return { status: 'blocked' };
  const linked = visitor.contact_id === contact.id ? visitor : { ...visitor, contact_id: contact.id };

  const summary = lastUpdateText(input.text);
  const existing = await visitorConversation(write.trx, write.orgId, contact.id);
  let conversation: ConversationRow;
  if (existing) {
    const repeated = await write.trx
      .selectFrom('messages')
      .selectAll()
      .where('org_id', '=', write.orgId)
      .where('conversation_id', '=', existing.id)
      .where('contact_id', '=', contact.id)
      .where('target_id', '=', input.clientId)
      .executeTakeFirst();
    if (repeated) {
      return { status: 'stored', message: toMessage(repeated), visitor: linked, contactId: contact.id, conversationId: existing.id };
    }
    conversation = existing;
    await updateConversation(write, existing, {
      status: 'OPENED',
      is_unread: 1,
      ...wakeOnCustomerMessage(existing),
      last_update: summary,
      last_update_ts: Math.max(Number(existing.last_update_ts), write.now),
    });
  } else {
    conversation = await insertIncomingConversation(write, { contactId: contact.id, channel: 'CHAT', channelId: null, subject: subjectOf(input.text), recipients: [], summary });
  }
  const isNew = !existing;

  const message = await insertMessage(write, {
    conversation_id: conversation.id,
    type: 'MESSAGE',
    message: input.text,
    timestamp_ts: write.now,
    attachments: '[]',
    status: 'RECEIVED',
    source: 'CHAT',
    delay: 0,
    deliver_at: null,
    agent_id: null,
    contact_id: contact.id,
    target_id: input.clientId,
    is_removed: 0,
  });
  await notifyCustomerMessage(write, { conversation, isNew, contactName: contact.name || contact.email || 'A visitor', text: input.text, messageId: message.id });
  await conversationEvent(write, { trigger: isNew ? 'created_by_customer' : 'customer_replied', conversationId: conversation.id, text: input.text });
  // Outside business hours, the chat auto-reply (once per closed period), sent to the visitor with the answer to their send.
  const autoReply = await sendAutoReply(write, conversation, 'CHAT');
  return { status: 'stored', message, visitor: linked, contactId: contact.id, conversationId: conversation.id, autoReply };
}

/**
 * What the visitor says about themselves. Before their first message it is kept on the visitor;
 * after it, their contact is updated too (agents see the name and address at once). An empty
 * field clears it; an absent one leaves it.
 */
export async function saveVisitorProfile(write: Write, tokenHash: string, identify: VisitorIdentify): Promise<{ visitor: ChatVisitorRow; profile: VisitorProfile }> {
  const visitor = await findOrCreateVisitor(write, tokenHash);
  const name = identify.name === undefined ? visitor.name : identify.name || null;
  const email = identify.email === undefined ? visitor.email : identify.email || null;
  const updated = await write.trx
    .updateTable('chat_visitors')
    .set({ name, email, last_seen_at: write.now })
    .where('id', '=', visitor.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (updated.contact_id !== null) {
    const contact = await write.trx.selectFrom('contacts').selectAll().where('org_id', '=', write.orgId).where('id', '=', updated.contact_id).executeTakeFirst();
    if (contact && (contact.email !== email || (name !== null && contact.name !== name))) {
      await updateContactDetails(write, contact.id, { name: name ?? contact.name, email });
    }
  }
  return { visitor: updated, profile: { name, email } };
}

export function profileOf(visitor: Pick<ChatVisitorRow, 'name' | 'email'> | undefined): VisitorProfile {
  return { name: visitor?.name ?? null, email: visitor?.email ?? null };
}

async function findOrCreateVisitor(write: Write, tokenHash: string): Promise<ChatVisitorRow> {
  const existing = await findVisitor(write.trx, write.orgId, tokenHash);
  if (existing) return existing;
  return write.trx
    .insertInto('chat_visitors')
    .values({ org_id: write.orgId, token_hash: tokenHash, contact_id: null, name: null, email: null, created_at: write.now, last_seen_at: write.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The visitor's contact, made (with its feed row) and linked at their first message. */
async function contactOf(write: Write, visitor: ChatVisitorRow): Promise<ContactRow> {
  if (visitor.contact_id !== null) {
    const contact = await write.trx.selectFrom('contacts').selectAll().where('org_id', '=', write.orgId).where('id', '=', visitor.contact_id).executeTakeFirst();
    if (contact) return contact;
  }
  let created: ContactRow | undefined;
  await write.change('contacts', 'insert', async (version) => {
    created = await write.trx
      .insertInto('contacts')
      .values({
        org_id: write.orgId,
        name: visitor.name ?? `Visitor ${randomInt(1000, 10000)}`,
        email: visitor.email,
        avatar: null,
        is_trusted: 0,
        company: null,
        created_at: write.now,
        version,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toContact(created);
  });
  if (!created) throw new Error('The contact was not created');
  await write.trx.updateTable('chat_visitors').set({ contact_id: created.id, last_seen_at: write.now }).where('id', '=', visitor.id).execute();
  return created;
}

function updateContactDetails(write: Write, id: number, values: { name: string; email: string | null }): Promise<Contact> {
  return write.change('contacts', 'update', async (version) => {
    const row = await write.trx
      .updateTable('contacts')
      .set({ ...values, version })
      .where('id', '=', id)
      .where('org_id', '=', write.orgId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toContact(row);
  });
}

/** A chat's subject is the start of its first message's first line. */
function subjectOf(text: string): string {
  const line = text.split('\n').find((part) => part.trim() !== '')?.replace(/\s+/g, ' ').trim() ?? '';
  return line.length <= SUBJECT_MAX_CHARS ? line : `${line.slice(0, SUBJECT_MAX_CHARS - 1)}…`;
}
