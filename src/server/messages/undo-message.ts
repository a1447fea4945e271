import { API_ERRORS } from '../../protocol/api/api-errors';
import { parseMessageWireId, type Message } from '../../protocol/documents';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import { findConversationForWrite } from '../conversations/conversation-changes';
import { badRequest, HttpError, notFound } from '../http/http-error';
import { cancelJobs } from '../jobs/job-queries';
import type { Write } from '../realtime/write-transaction';
import { toMessage } from './message-model';
import { findMessageRow } from './message-queries';
import { updateMessage } from './message-writes';

const alreadySent = () => new HttpError(409, { error: API_ERRORS.messageAlreadySent });

/**
 * Undo of a saved send (§4, §5): only a message (never a note) that is still held. Its delivery
 * job is cancelled in the same transaction, so it can never go out afterwards; undoing an
 * undone message answers it again.
 */
export async function undoMessage(write: Write, conversationId: number, wireId: string): Promise<Message> {
  const parsed = parseMessageWireId(wireId);
  if (!parsed || parsed.type !== 'MESSAGE') throw badRequest(ERROR_TEXTS.undoNotMessage);
  const conversation = await findConversationForWrite(write, conversationId);
  const row = await findMessageRow(write.trx, write.orgId, wireId);
  if (!row || row.conversation_id !== conversation.id || row.is_removed !== 0) throw notFound();
  if (row.status === 'CANCELLED') return toMessage(row);
  if (row.status !== 'PENDING' || row.deliver_at === null || Number(row.deliver_at) <= write.now) throw alreadySent();
  const cancelled = await cancelJobs(write.trx, { orgId: write.orgId, kind: 'deliver_message', ref: wireId, now: write.now });
  if (cancelled === 0) throw alreadySent();
  return updateMessage(write, row.id, { status: 'CANCELLED', deliver_at: null });
}
