import { lastUpdateText } from '../conversations/conversation-model';
import { toContact } from '../contacts/contact-model';
import { toConversation } from '../conversations/conversation-model';
import { toMessage } from '../messages/message-model';
import type { Write } from '../realtime/write-transaction';
import { sourceOf, type PlannedContact, type PlannedConversation } from './seed-plan';

/** Rows per INSERT, below both databases' limits on bound parameters. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

/** Rows come back from a multi-row INSERT … RETURNING in no promised order: the version (unique) restores it. */
function byVersion<R extends { version: number }>(rows: R[]): R[] {
  return rows.sort((a, b) => Number(a.version) - Number(b.version));
}

/**
 * Writes planned contacts, their conversations (email ones on `channelId`, the support address)
 * and threads in the caller's transaction, every document with its feed row (through
 * Write.changes), using multi-row inserts.
 */
export async function writeSeedBatch(
  write: Write,
  { contacts, conversations, channelId }: { contacts: PlannedContact[]; conversations: PlannedConversation[]; channelId: number | null },
): Promise<{ messages: number; notes: number }> {
  const { trx, orgId, now } = write;
  const contactDocs = await write.changes('contacts', 'insert', contacts.length, async (versions) => {
    const rows = [];
    for (const part of chunks(contacts.map((contact, index) => ({ contact, version: versions[index] ?? 0 })))) {
      rows.push(
        ...(await trx
          .insertInto('contacts')
          .values(
            part.map(({ contact, version }) => ({
              org_id: orgId,
              name: contact.name,
              email: contact.email,
              avatar: null,
              is_trusted: contact.is_trusted ? 1 : 0,
              company: contact.company,
              created_at: now,
              version,
            })),
          )
          .returningAll()
          .execute()),
      );
    }
    return byVersion(rows).map(toContact);
  });

  const conversationDocs = await write.changes('conversations', 'insert', conversations.length, async (versions) => {
    const rows = [];
    for (const part of chunks(conversations.map((plan, index) => ({ plan, version: versions[index] ?? 0 })))) {
      rows.push(
        ...(await trx
          .insertInto('conversations')
          .values(
            part.map(({ plan, version }) => {
              const contact = contactDocs[plan.contactIndex];
              if (!contact) throw new Error('A planned conversation points at no contact');
              const last = plan.thread.at(-1);
              return {
                org_id: orgId,
                agent_id: plan.agentId,
                contact_id: contact.id,
                channel: plan.channel,
                channel_id: plan.channel === 'EMAIL' ? channelId : null,
                subject: plan.subject,
                status: plan.status,
                tags: JSON.stringify(plan.tags),
                recipients: JSON.stringify(plan.channel === 'EMAIL' ? [{ id: 1, from: contact.email ?? '', contact_id: contact.id }] : []),
                last_update: lastUpdateText(last?.text ?? plan.subject),
                last_update_ts: last?.at ?? plan.createdAt,
                // A closed conversation was last closed at its last activity, as migration 0030 reads older ones.
                closed_at: plan.status === 'CLOSED' ? (last?.at ?? plan.createdAt) : null,
                is_unread: plan.isUnread ? 1 : 0,
                priority: plan.priority,
                created_at: plan.createdAt,
                version,
              };
            }),
          )
          .returningAll()
          .execute()),
      );
    }
    return byVersion(rows).map(toConversation);
  });

  const thread = conversations.flatMap((plan, index) => {
    const conversation = conversationDocs[index];
    if (!conversation) throw new Error('A planned conversation was not written');
    return plan.thread.map((message) => ({ message, conversation }));
  });
  await write.changes('messages', 'insert', thread.length, async (versions) => {
    const rows = [];
    for (const part of chunks(thread.map((entry, index) => ({ ...entry, version: versions[index] ?? 0 })))) {
      rows.push(
        ...(await trx
          .insertInto('messages')
          .values(
            part.map(({ message, conversation, version }) => ({
              org_id: orgId,
              conversation_id: conversation.id,
              type: message.type,
              message: message.text,
              timestamp_ts: message.at,
              attachments: '[]',
              status: message.type === 'NOTE' ? 'SENT' : message.fromContact ? 'RECEIVED' : 'SENT',
              source: sourceOf(conversation.channel),
              delay: 0,
              deliver_at: null,
              agent_id: message.agentId,
              contact_id: message.fromContact ? conversation.contact_id : null,
              target_id: null,
              is_removed: 0,
              created_at: now,
              version,
            })),
          )
          .returningAll()
          .execute()),
      );
    }
    return byVersion(rows).map(toMessage);
  });
  const notes = thread.filter(({ message }) => message.type === 'NOTE').length;
  return { messages: thread.length - notes, notes };
}
