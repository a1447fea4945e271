import type { Attachment } from '../../../protocol/documents';
import { API_BASE, apiPaths } from '../../../protocol/api/routes';
import { fieldError } from '../../http/http-error';
import type { Write } from '../../realtime/write-transaction';

/**
 * The files a reply sends (uploaded with `POST attachments/`, in the order given): each must be
 * the organization's and not yet sent with another message. `attach` then ties them to the
 * reply's row, in the same transaction, so the delivery job finds them.
 */
export async function replyAttachments(write: Write, ids: readonly number[]): Promise<{ documents: Attachment[]; attach(rowId: number): Promise<void> }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { documents: [], attach: () => Promise.resolve() };
  const rows = await write.trx
    .selectFrom('attachments')
    .selectAll()
    .where('org_id', '=', write.orgId)
    .where('id', 'in', unique)
    .where('message_row_id', 'is', null)
    .execute();
  if (rows.length !== unique.length) throw fieldError('attachments', 'names a file that was not uploaded or is already sent');
  const documents = unique.map((id) => {
    const row = rows.find((entry) => entry.id === id);
    if (!row) throw fieldError('attachments', 'names a file that was not uploaded or is already sent');
    return { name: row.name, size: Number(row.size), type: row.content_type, url: `${API_BASE}${apiPaths.attachment(row.id)}` };
  });
  return {
    documents,
    async attach(rowId) {
      await write.trx.updateTable('attachments').set({ message_row_id: rowId }).where('org_id', '=', write.orgId).where('id', 'in', unique).execute();
    },
  };
}
