import { SPAM_TAG } from '../../protocol/api/conversation-actions';
import type { Conversation } from '../../protocol/documents';
import { blockContact } from '../blocking/blocked-contacts';
import type { ConversationRow } from './conversation-tables';
import type { Write } from '../realtime/write-transaction';
import { ensureSystemTag } from '../tags/tag-queries';
import { updateConversation } from './conversation-changes';
import { conversationTags } from './conversation-model';

/**
 * `POST conversations/{id}/spam` (§7): the conversation is closed, read, and carries the system
 * tag `spam`; with `block` its contact joins the organization's blocked list. Marking twice
 * changes nothing the second time.
 */
export async function markSpam(write: Write, row: ConversationRow, block: boolean, agentId: number): Promise<Conversation> {
  await ensureSystemTag(write, SPAM_TAG.slug, SPAM_TAG.name);
  const tags = conversationTags(row);
  const conversation = await updateConversation(write, row, {
    status: 'CLOSED',
    is_unread: 0,
    ...(tags.includes(SPAM_TAG.slug) ? {} : { tags: JSON.stringify([...tags, SPAM_TAG.slug]) }),
  });
  if (block) {
    const contact = await write.trx.selectFrom('contacts').selectAll().where('org_id', '=', write.orgId).where('id', '=', row.contact_id).executeTakeFirstOrThrow();
    await blockContact(write, contact, agentId);
  }
  return conversation;
}
