import type { Conversation } from '../../protocol/documents';
import type { ConversationRow } from './conversation-tables';
import { notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { toConversation } from './conversation-model';
import { findConversationRow } from './conversation-queries';

export type ConversationPatch = Partial<
  Pick<ConversationRow, 'status' | 'agent_id' | 'is_unread' | 'tags' | 'recipients' | 'last_update' | 'last_update_ts' | 'priority' | 'snoozed_until' | 'first_read_at'>
>;

/** The conversation a write is about; 404 when it is not this organization's. */
export async function findConversationForWrite(write: Write, id: number): Promise<ConversationRow> {
  const row = await findConversationRow(write.trx, write.orgId, id);
  if (!row) throw notFound();
  return row;
}

/** Applies a patch; a patch that changes nothing writes nothing and adds no feed row. */
export async function updateConversation(write: Write, row: ConversationRow, patch: ConversationPatch): Promise<Conversation> {
  const keys = Object.keys(patch) as (keyof ConversationPatch)[];
  if (!keys.some((key) => patch[key] !== undefined && patch[key] !== row[key])) return toConversation(row);
  // What the inbox report reads: the last close, and each reopening after one.
  const closing = patch.status === 'CLOSED' && row.status !== 'CLOSED' ? { closed_at: write.now } : {};
  const reopening = patch.status !== undefined && patch.status !== 'CLOSED' && row.status === 'CLOSED' ? { reopen_count: row.reopen_count + 1 } : {};
  return write.change('conversations', 'update', async (version) => {
    const updated = await write.trx
      .updateTable('conversations')
      .set({ ...patch, ...closing, ...reopening, version })
      .where('id', '=', row.id)
      .where('org_id', '=', write.orgId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toConversation(updated);
  });
}
