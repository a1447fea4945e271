import type { JobRow } from '../db/database';
import type { MessagesTable } from './message-tables';
import { completeJob } from '../jobs/job-queries';
import type { JobHandler } from '../jobs/job-runner';
import { runWrite, type WriteDeps } from '../realtime/write-transaction';
import { PermanentDeliveryError, type MessageDelivery } from './message-delivery';
import { toMessage } from './message-model';
import { findMessageRow } from './message-queries';
import { updateMessage } from './message-writes';

/** A message its transport keeps refusing for this long after it was due is given up (FAILED). */
export const DELIVERY_GIVE_UP_MS = 24 * 3600_000;

/**
 * The `deliver_message` job: hands the held message to its channel, then marks it SENT (or
 * FAILED on a permanent failure), clears deliver_at and marks the job done in one transaction.
 * A temporary failure notes its reason on the message and throws, so the job runner retries
 * with backoff, until DELIVERY_GIVE_UP_MS. An undo that committed first cancelled the job, and
 * then nothing changes; a restart before the commit runs the job again.
 */
export function deliverMessageJob(deps: WriteDeps, delivery: MessageDelivery): JobHandler {
  return async (job: JobRow) => {
    const pending = await findMessageRow(deps.db, job.org_id, job.ref);
    let outcome: Pick<MessagesTable, 'status' | 'delivery_error'> = { status: 'SENT', delivery_error: null };
    if (pending?.status === 'PENDING') {
      try {
        outcome = { status: 'SENT', delivery_error: (await delivery.deliver(toMessage(pending))).warning };
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
        const dueAt = Number(pending.deliver_at ?? pending.timestamp_ts);
        if (!(error instanceof PermanentDeliveryError) && deps.clock() - dueAt < DELIVERY_GIVE_UP_MS) {
          await noteRetry(deps, job, `Not delivered yet, retrying: ${reason}`);
          throw error;
        }
        outcome = { status: 'FAILED', delivery_error: error instanceof PermanentDeliveryError ? reason : `Given up after 24 hours: ${reason}` };
      }
    }
    await runWrite(deps, { orgId: job.org_id }, async (write) => {
      if (!(await completeJob(write.trx, job.id, write.now))) return;
      const row = await findMessageRow(write.trx, write.orgId, job.ref);
      if (row?.status !== 'PENDING') return;
      await updateMessage(write, row.id, { ...outcome, deliver_at: null });
    });
  };
}

/** Shows why a held message is late, once per distinct reason. */
async function noteRetry(deps: WriteDeps, job: JobRow, text: string): Promise<void> {
  await runWrite(deps, { orgId: job.org_id }, async (write) => {
    const row = await findMessageRow(write.trx, write.orgId, job.ref);
    if (row?.status === 'PENDING' && row.delivery_error !== text) await updateMessage(write, row.id, { delivery_error: text });
  });
}
