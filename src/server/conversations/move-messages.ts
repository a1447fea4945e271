import type { Message } from '../../protocol/documents';
import type { MessageRow } from '../messages/message-tables';
import { toMessage } from '../messages/message-model';
import type { Write } from '../realtime/write-transaction';

/** Moves entries to another conversation of the organization, one feed update each (split, merge). */
export async function moveMessages(write: Write, moving: readonly Pick<MessageRow, 'id'>[], conversationId: number): Promise<Message[]> {
  return write.changes('messages', 'update', moving.length, async (versions) => {
    const moved = [];
    for (const [index, entry] of moving.entries()) {
      const updated = await write.trx
        .updateTable('messages')
        .set({ conversation_id: conversationId, version: versions[index] ?? 0 })
        .where('id', '=', entry.id)
        .where('org_id', '=', write.orgId)
        .returningAll()
        .executeTakeFirstOrThrow();
      moved.push(toMessage(updated));
    }
    return moved;
  });
}
