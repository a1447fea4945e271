import type { Message } from '../../protocol/documents';
import { advanceJobs } from '../jobs/job-queries';
import type { Write } from '../realtime/write-transaction';
import { findOwnReplyForWrite } from './held-reply';
import { toMessage } from './message-model';

/**
 * The sending device confirms its held reply at the end of the delay (§4, `…/release`): the
 * delivery job, waiting out the grace for a device that is not heard from, runs at the end of the
 * delay instead (at once if it is over). A release changes nothing else: a reply undone, sent or
 * failed meanwhile is answered as it is. Resolves with the message and when its job now runs.
 */
export async function releaseMessage(
  write: Write,
  conversationId: number,
  wireId: string,
  agentId: number,
): Promise<{ message: Message; runAt: number | null }> {
  const { row } = await findOwnReplyForWrite(write, conversationId, wireId, agentId);
  const message = toMessage(row);
  if (row.status !== 'PENDING' || row.deliver_at === null) return { message, runAt: null };
  const runAt = Math.max(write.now, Number(row.deliver_at));
  const advanced = await advanceJobs(write.trx, { orgId: write.orgId, kind: 'deliver_message', ref: wireId, now: write.now, runAt });
  return { message, runAt: advanced > 0 ? runAt : null };
}
