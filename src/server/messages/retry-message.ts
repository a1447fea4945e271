import { API_ERRORS } from '../../protocol/api/api-errors';
import type { Message } from '../../protocol/documents';
import { replyBlockerReason } from '../../protocol/reply-delivery';
import { findReplyRoute } from '../channels/outbound/reply-route';
import { HttpError } from '../http/http-error';
import { scheduleJob } from '../jobs/job-queries';
import type { Write } from '../realtime/write-transaction';
import { findOwnReplyForWrite } from './held-reply';
import { toMessage } from './message-model';
import { updateMessage } from './message-writes';

/**
 * Retry of a reply that was not delivered (`…/messages/{id}/retry`), by its author. A cause still
 * there (no support address, an unproven domain, no recipient) refuses it with that reason (409)
 * and the reply stays as it is; otherwise it is PENDING again with a delivery job due now: its
 * hold was served the first time, so there is no new delay and nothing to undo. A reply already
 * pending or sent (a retry from another tab came first) is answered as it is. Resolves with the
 * message and when its job runs.
 */
export async function retryMessage(
  write: Write,
  conversationId: number,
  wireId: string,
  agentId: number,
): Promise<{ message: Message; runAt: number | null }> {
  const { conversation, row } = await findOwnReplyForWrite(write, conversationId, wireId, agentId, {
    notMessage: API_ERRORS.notRetryable,
    notYours: API_ERRORS.notYourRetry,
  });
  if (row.status === 'PENDING' || row.status === 'SENT') return { message: toMessage(row), runAt: null };
  if (row.status !== 'FAILED') throw new HttpError(409, { error: API_ERRORS.notRetryable });
  if (row.source === 'EMAIL') {
    const route = await findReplyRoute(write.trx, conversation);
    if (route.blocker) throw new HttpError(409, { error: replyBlockerReason(route.blocker) });
  }
  const message = await updateMessage(write, row.id, { status: 'PENDING', delivery_error: null, deliver_at: write.now });
  await scheduleJob(write.trx, { orgId: write.orgId, kind: 'deliver_message', ref: wireId, runAt: write.now, now: write.now });
  return { message, runAt: write.now };
}
