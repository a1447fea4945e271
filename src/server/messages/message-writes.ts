import type { Insertable } from 'kysely';
import type { Message } from '../../protocol/documents';
import type { MessagesTable } from './message-tables';
import type { Write } from '../realtime/write-transaction';
import { toMessage } from './message-model';

type NewMessage = Omit<Insertable<MessagesTable>, 'id' | 'org_id' | 'version' | 'created_at'>;

/** Inserts a message or note with its feed row. */
export function insertMessage(write: Write, values: NewMessage): Promise<Message> {
  return write.change('messages', 'insert', async (version) => {
    const row = await write.trx
      .insertInto('messages')
      .values({ ...values, org_id: write.orgId, created_at: write.now, version })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMessage(row);
  });
}

/** Updates a message or note (by row id) with its feed row. */
export function updateMessage(write: Write, rowId: number, values: Partial<Pick<MessagesTable, 'message' | 'status' | 'deliver_at' | 'delivery_error'>> & { mentions?: string | null }): Promise<Message> {
  return write.change('messages', 'update', async (version) => {
    const row = await write.trx
      .updateTable('messages')
      .set({ ...values, version })
      .where('id', '=', rowId)
      .where('org_id', '=', write.orgId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMessage(row);
  });
}
